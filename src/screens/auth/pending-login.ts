// The password typed on the login screen, kept for the second step only in this
// module's memory (docs/decisions.md#two-step-sign-in: never in the URL or any storage). A reload loses it,
// and the second-step screen then asks for it again.
let pendingPassword: string | null = null;

export function rememberPendingPassword(password: string): void {
  pendingPassword = password;
}

export function pendingPasswordValue(): string | null {
  return pendingPassword;
}

export function forgetPendingPassword(): void {
  pendingPassword = null;
}
