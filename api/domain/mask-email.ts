// An address shown to whoever holds a link (contract §14: "Sign in as a…@example.com"): enough for its owner to
// recognise, too little for a stranger who forwarded or intercepted the link to learn the whole address.
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '…';
  return `${[...email.slice(0, at)][0]}…${email.slice(at)}`;
}
