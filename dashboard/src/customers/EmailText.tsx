/**
 * An email on one line that keeps the domain in view: when the box is too narrow the local part
 * gives way with an ellipsis ("cccc…@example.com"), never a break inside a word. The full address
 * is in the title here and in full in the customer's detail; a list row is for scanning.
 */
export function EmailText({ email }: { email: string }) {
  const at = email.lastIndexOf("@");
  if (at <= 0)
    return (
      <span className="email-text" title={email}>
        {email}
      </span>
    );
  return (
    <span className="email-text" title={email}>
      <span className="email-local">{email.slice(0, at)}</span>
      <span className="email-domain">{email.slice(at)}</span>
    </span>
  );
}
