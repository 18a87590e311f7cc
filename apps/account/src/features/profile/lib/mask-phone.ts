/** Shows a phone number with its middle hidden (3 leading, 4 trailing digits), as on a shared screen. */
export function maskPhone(phone: string): string {
  if (phone.length <= 7) return phone;
  return `${phone.slice(0, 3)}${'*'.repeat(Math.min(4, phone.length - 7))}${phone.slice(-4)}`;
}
