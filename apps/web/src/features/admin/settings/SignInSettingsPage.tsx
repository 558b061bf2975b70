import { HumanCheckSettings } from './HumanCheckSettings';
import { SocialLoginSettings } from './SocialLoginSettings';

/** /admin/settings/sign-in: the sign-in providers and the human check, each its own section. */
export function SignInSettingsPage() {
  return (
    <div className="space-y-6">
      <SocialLoginSettings />
      <HumanCheckSettings />
    </div>
  );
}
