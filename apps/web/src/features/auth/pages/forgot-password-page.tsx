import { KeyRound } from 'lucide-react';
import { AuthScreen } from '../components/auth-card';
import { EmailLinkRequest } from '../components/email-link-request';
import { forgotPassword } from '../requests';

export function ForgotPasswordPage() {
  return (
    <AuthScreen>
      <EmailLinkRequest
        icon={KeyRound}
        title="Reset your password"
        description="Enter the e-mail address of your account and we will send you a link to choose a new password."
        submitLabel="Send reset link"
        pendingText="Sending..."
        linkPurpose="choose a new password"
        request={forgotPassword}
      />
    </AuthScreen>
  );
}
