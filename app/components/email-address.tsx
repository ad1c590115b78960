/**
 * An e-mail address in running text or a record's facts: where it must wrap, it wraps before its "@" (issue 37:
 * "william.jackson.202@brok / ers.demo.test" broke mid-word), its two halves whole; a half wider than its column
 * still breaks anywhere (the column's overflow-wrap), the last resort.
 */
export function EmailAddress({ email }: { email: string }) {
  const at = email.lastIndexOf("@");
  if (at <= 0) return email;
  return (
    <>
      {email.slice(0, at)}
      <wbr />
      {email.slice(at)}
    </>
  );
}
