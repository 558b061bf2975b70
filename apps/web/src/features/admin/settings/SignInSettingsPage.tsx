import { HumanCheckSettings } from './HumanCheckSettings';
import { SettingsPage } from './SettingsTabs';
import { SocialLoginSettings } from './SocialLoginSettings';

/** /admin/settings/sign-in: the sign-in providers and the human check, each its own section. */
export function SignInSettingsPage() {
  return (
    <SettingsPage>
      <div className="space-y-6">
        <SocialLoginSettings />
        <HumanCheckSettings />
      </div>
    </SettingsPage>
  );
}
