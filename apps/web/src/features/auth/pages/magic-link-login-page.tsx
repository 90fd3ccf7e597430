import { WandSparkles } from 'lucide-react';
import { AuthScreen } from '../components/auth-card';
import { EmailLinkRequest } from '../components/email-link-request';
import { requestMagicLink } from '../requests';

export function MagicLinkLoginPage() {
  return (
    <AuthScreen>
      <EmailLinkRequest
        icon={WandSparkles}
        title="Sign in with an e-mail link"
        description="No password needed: we send you a one-time link that signs you in on this device."
        submitLabel="Send sign-in link"
        pendingText="Sending..."
        linkPurpose="sign in"
        request={requestMagicLink}
      />
    </AuthScreen>
  );
}
