import { List, Progress, Stack, Text, VisuallyHidden } from "@mantine/core";
import { useEffect, useId, useMemo, useRef, useState } from "react";
import {
  PASSWORD_CONTAINS_EMAIL,
  PASSWORD_MIN_LENGTH,
  PASSWORD_TOO_COMMON,
  STRENGTH_LABELS,
  type StrengthScore,
  passwordProblems,
  roughStrength,
} from "~/domain/password";
import type { Field } from "./field";
import { useHydrated } from "./hydrated-field";
import { PasswordField } from "./password-field";
import type * as StrengthChunk from "./strength.client";

export const PASSWORD_RULES_TEXT = `At least ${PASSWORD_MIN_LENGTH} characters; not a common password; not containing the name part of your e-mail address.`;

type StrengthModule = typeof StrengthChunk;
let loading: Promise<StrengthModule> | null = null;
/** The zxcvbn chunk, fetched once for the whole page; a failed fetch leaves the rough meter (and may retry). */
async function loadStrength(): Promise<StrengthModule> {
  loading ??= import("./strength.client").catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}

export interface NewPasswordFieldsProps {
  password: Field;
  confirmation: Field;
  /** The account's e-mail address when the page knows it. */
  email?: string;
  /** Else the id of the form's e-mail input, read as the user types. */
  emailInputId?: string;
  label?: string;
}

/**
 * A new password and its confirmation, with the rules as the field's description (also without JavaScript)
 * and, once hydrated, a strength meter that follows each key: the rules checked at once (length, the
 * e-mail's name part) and zxcvbn's score and common-password check once its chunk has loaded. The server
 * enforces the same rules (app/domain/common-passwords.ts). Mantine's show/hide toggle is keyboard-focusable.
 */
export function NewPasswordFields({
  password,
  confirmation,
  email,
  emailInputId,
  label = "New password",
}: NewPasswordFieldsProps) {
  const hydrated = useHydrated();
  const [value, setValue] = useState("");
  const [address, setAddress] = useState(email ?? "");
  const [zxcvbn, setZxcvbn] = useState<StrengthModule | null>(null);
  const meterId = useId();
  const mounted = useRef(true);
  useEffect(
    () => () => {
      mounted.current = false;
    },
    [],
  );

  const currentEmail = () =>
    email ?? (emailInputId ? (document.getElementById(emailInputId) as HTMLInputElement | null)?.value : "") ?? "";

  // zxcvbn's check is synchronous and takes a few milliseconds: done as the page draws each key.
  const known = useMemo(
    () => (zxcvbn && value !== "" ? zxcvbn.strengthOf(value, address ? [address, ...address.split("@")] : []) : null),
    [zxcvbn, value, address],
  );

  const onInput = (next: string) => {
    setValue(next);
    setAddress(currentEmail());
    if (!zxcvbn && next !== "") {
      void loadStrength().then(
        (module) => {
          if (mounted.current) setZxcvbn(module);
        },
        () => undefined,
      );
    }
  };

  const problems = value !== "" ? passwordProblems(value, address) : [];
  let score: StrengthScore = roughStrength(value, address);
  if (known) score = problems.length > 0 || known.common ? (Math.min(known.score, 1) as StrengthScore) : known.score;
  const rules = [
    { text: `At least ${PASSWORD_MIN_LENGTH} characters`, met: value.length >= PASSWORD_MIN_LENGTH },
    { text: "Not a common password", met: known ? !known.common : null },
    { text: "Not containing your e-mail's name", met: value !== "" && !problems.includes(PASSWORD_CONTAINS_EMAIL) },
  ];

  return (
    <Stack gap="xs">
      <PasswordField
        field={password}
        label={label}
        autoComplete="new-password"
        description={PASSWORD_RULES_TEXT}
        visibilityToggleFocusable
        visibilityToggleButtonProps={{ "aria-label": "Show the password" }}
        onChange={(event) => onInput(event.currentTarget.value)}
      />
      {hydrated ? (
        <div id={meterId} data-testid="password-strength">
          <Progress
            value={value === "" ? 0 : (score + 1) * 20}
            color={STRENGTH_LABELS[score].color}
            size="sm"
            aria-hidden
          />
          <Text size="sm" mt={4} aria-live="polite">
            {value === "" ? "Password strength: type a password" : `Password strength: ${STRENGTH_LABELS[score].label}`}
            {known?.common ? ` — ${PASSWORD_TOO_COMMON}` : ""}
          </Text>
          <List size="sm" spacing={2} listStyleType="none" aria-label="Password rules">
            {rules.map((rule) => (
              <List.Item key={rule.text} c={rule.met === false && value !== "" ? "red.8" : undefined}>
                <span aria-hidden>{rule.met === null || value === "" ? "•" : rule.met ? "✓" : "✗"}</span> {rule.text}
                <VisuallyHidden>
                  {rule.met === null || value === "" ? "" : rule.met ? " (met)" : " (not met)"}
                </VisuallyHidden>
              </List.Item>
            ))}
          </List>
        </div>
      ) : null}
      <PasswordField
        field={confirmation}
        label="Type the password again"
        autoComplete="new-password"
        visibilityToggleFocusable
        visibilityToggleButtonProps={{ "aria-label": "Show the password again" }}
      />
    </Stack>
  );
}
