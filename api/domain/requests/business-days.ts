// "A sourcing lead replies within one business day": the reply is due at the same time of day on the next
// business day (Monday to Friday, UTC; public holidays are not modelled). Friday evening → Monday evening.

export function nextBusinessDay(from: Date): Date {
  const due = new Date(from);
  do due.setUTCDate(due.getUTCDate() + 1);
  while (due.getUTCDay() === 0 || due.getUTCDay() === 6);
  return due;
}
