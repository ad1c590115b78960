import { createContext, useContext } from "react";

/** The CSP nonce of this response; empty in the browser (scripts are already trusted there). */
const NonceContext = createContext("");
export const NonceProvider = NonceContext.Provider;
export function useNonce(): string {
  return useContext(NonceContext);
}
