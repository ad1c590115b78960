import { data } from "react-router";

/** Unknown URLs: the root error boundary renders spec §8's 404 page. */
export function loader() {
  throw data(null, { status: 404, statusText: "Not Found" });
}

export function action() {
  throw data(null, { status: 404, statusText: "Not Found" });
}

export default function NotFound() {
  return null;
}
