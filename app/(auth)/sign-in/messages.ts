/** next-auth error codes (from `signIn()` or the `?error=` of a redirect) in plain words. */
export function signInErrorMessage(code: string): string {
  switch (code) {
    case "CredentialsSignin":
      return "Email or password is incorrect";
    case "TooManyAttempts":
      return "Too many sign-in attempts for this email. Please wait 15 minutes and try again.";
    case "TooManyAttemptsFromClient":
      return "Too many failed sign-in attempts from your network. Please wait 15 minutes and try again.";
    case "SignUpNotSignedIn":
      // Sign-up answers alike for new and taken emails; only the password tells them apart.
      return "We could not sign you in with that password. If you already had an account with this email, sign in with its password.";
    case "PasswordResetNotSignedIn":
      // The reset worked; only the sign-in after it did not (e.g. the network's sign-in limit).
      return "Your password was changed. Sign in with your new password.";
    case "SessionRequired":
    case "SessionExpired":
      return "Your session has ended. Please sign in again.";
    default:
      return "We could not sign you in right now. Please try again.";
  }
}
