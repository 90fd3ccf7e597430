import type { ReactNode } from 'react';
import { Spinner } from '@/components/ui/spinner';
import { useAuth } from '@/lib/session/use-auth';
import { DeleteAccountForm } from '../components/delete-account-form';
import { PasswordForm } from '../components/password-form';
import { PreferencesForm } from '../components/preferences-form';
import { ProfileForm } from '../components/profile-form';
import { SessionsList } from '../components/sessions-list';
import { SettingsSection } from '../components/settings-section';
import { TwoFactorCard } from '../components/two-factor-card';

const ownSections = [
  { id: 'profile', label: 'Profile' },
  { id: 'password', label: 'Password' },
  { id: 'two-factor', label: 'Two-factor' },
  { id: 'sessions', label: 'Sessions' },
  { id: 'preferences', label: 'Preferences' },
];

const deleteSection = { id: 'delete-account', label: 'Delete account' };

/** A section another feature adds to the page (the app composes them; see app/routes). */
export interface ExtraSettingsSection {
  id: string;
  /** The short name in the page's section links. */
  label: string;
  title: string;
  description: ReactNode;
  element: ReactNode;
}

/** /settings, /simple-settings, /profile and /account: one page for the signed-in user. */
export function SettingsPage({ extraSections = [] }: { extraSections?: ExtraSettingsSection[] }) {
  const { user } = useAuth();
  const sections = [...ownSections, ...extraSections, deleteSection];
  // The protected route renders this page only with a user; the spinner covers a refetch.
  if (!user) return <Spinner label="Loading your account..." className="min-h-[40dvh]" />;

  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-6 lg:py-10">
      <header className="border-b pb-6">
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Settings</h1>
        <p className="mt-1.5 text-muted-foreground">
          Your profile, sign-in security and display preferences.
        </p>
        <nav aria-label="Settings sections" className="mt-5 -ml-3 flex flex-wrap gap-1">
          {sections.map((section) => (
            <a
              key={section.id}
              href={`#${section.id}`}
              className="shrink-0 rounded-md px-3 py-1.5 text-sm font-medium text-muted-foreground transition-colors hover:bg-accent hover:text-foreground"
            >
              {section.label}
            </a>
          ))}
        </nav>
      </header>
      <div className="divide-y">
        <SettingsSection
          id="profile"
          title="Profile"
          description="Your name and the address we send order, billing and security e-mails to."
        >
          {/* Keyed by the stored values so the form resets when the server answers. */}
          <ProfileForm key={`${user.name}|${user.email}`} user={user} />
        </SettingsSection>
        <SettingsSection
          id="password"
          title="Password"
          description="Use a long passphrase you don't use elsewhere."
        >
          <PasswordForm />
        </SettingsSection>
        <SettingsSection
          id="two-factor"
          title="Two-factor authentication"
          description="Ask for a code from your phone at every sign-in, so a leaked password is not enough."
        >
          <TwoFactorCard user={user} />
        </SettingsSection>
        <SettingsSection
          id="sessions"
          title="Sessions"
          description="Devices signed in to your account. Sign out any you don't recognise."
        >
          <SessionsList />
        </SettingsSection>
        <SettingsSection
          id="preferences"
          title="Preferences"
          description="Stored in this browser. Signing out resets them."
        >
          <PreferencesForm />
        </SettingsSection>
        {extraSections.map((section) => (
          <SettingsSection
            key={section.id}
            id={section.id}
            title={section.title}
            description={section.description}
          >
            {section.element}
          </SettingsSection>
        ))}
        <SettingsSection
          id="delete-account"
          title="Delete account"
          description="Erase your own account, as a data protection request would."
        >
          <DeleteAccountForm username={user.username} />
        </SettingsSection>
      </div>
    </div>
  );
}
