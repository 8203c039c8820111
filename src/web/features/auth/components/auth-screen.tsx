import { CheckCircle2 } from 'lucide-react'
import { useState, type ComponentType, type ReactNode } from 'react'
import type { SignupRole } from '#shared/domain/roles.ts'
import { Button } from '#web/components/ui/button.tsx'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#web/components/ui/tabs.tsx'
import { usePreloadedToaster } from '#web/lib/toast.ts'
import { Logo } from '#web/components/logo.tsx'
import type { AuthTab } from '../messages'
import { EmailCodeForm } from './email-code-form'
import { ForgotPasswordForm } from './forgot-password-form'
import { SignInForm } from './sign-in-form'
import { SignUpForm } from './sign-up-form'
import { TwoFactorStep } from './two-factor-step'

const POINTS = [
  'One shared timeline from offer to completion',
  'Everyone on your move sees the same progress',
  'Free for buyers and sellers',
]

/** Props of the 'Sign in with <provider>' buttons placed under each tab's form. */
export interface ProviderButtonsProps {
  mode: 'sign-in' | 'sign-up'
  /** Sign Up tab: the chosen role, or null after showing why one is needed. */
  chooseRole?: () => Promise<SignupRole | null>
}

/**
 * The sign-in / sign-up screen of /auth and /app (spec: Screens and routes): tabs Sign In and Sign Up. A
 * brand panel sits beside the forms on wide screens; phones get the forms alone. The route passes
 * the OpenID Connect buttons in as `ProviderButtons` (they belong to the identities feature).
 */
export function AuthScreen({
  tab,
  onTabChange,
  defaultEmail,
  defaultRole,
  onDone,
  notice,
  intro,
  step,
  next,
  ProviderButtons,
}: {
  tab: AuthTab
  onTabChange: (tab: AuthTab) => void
  defaultEmail?: string
  /** The 'I am a...' choice to start Sign Up with (an invitation knows it). */
  defaultRole?: SignupRole
  onDone?: () => void
  notice?: string
  /** A heading and a line in place of the tabs' own (a firm invitation names the firm and the inviter). */
  intro?: { title: string; body: ReactNode }
  /** Where the sign-up's emailed link continues to (an invitation); sign-in goes there on its own. */
  next?: string
  /** 'two-factor': a first factor is done elsewhere (an OAuth callback) and the code is asked. */
  step?: 'two-factor'
  /** 'Sign in with <provider>' / 'Sign up with <provider>' for each configured provider. */
  ProviderButtons?: ComponentType<ProviderButtonsProps>
}) {
  // The Sign In tab offers a password, a reset link ('Forgot password?') or an emailed code.
  // With two-factor on, every one of them is followed by the code step.
  const [signInWith, setSignInWith] = useState<'password' | 'forgot' | 'code' | 'two-factor'>(step ?? 'password')
  // Every form here answers with a toast, which must show even once the network has gone.
  usePreloadedToaster()
  const askSecondFactor = () => setSignInWith('two-factor')
  const back = () => setSignInWith('password')
  // 'Go to Sign In' after sign-up carries the email typed there.
  const [email, setEmail] = useState(defaultEmail)
  return (
    <div className="grid min-h-screen lg:grid-cols-2">
      <aside className="hidden flex-col justify-between bg-primary p-12 text-primary-foreground lg:flex">
        <Logo inverse />
        <div className="flex flex-col gap-6">
          <p className="text-4xl leading-tight font-bold tracking-tight">Moving home, together.</p>
          <ul className="flex flex-col gap-3 text-lg text-teal-50">
            {POINTS.map((p) => (
              <li key={p} className="flex items-center gap-3">
                <CheckCircle2 aria-hidden="true" className="size-5 shrink-0" />
                {p}
              </li>
            ))}
          </ul>
        </div>
        <p className="text-sm text-teal-100">Registered in the UK. All rights reserved.</p>
      </aside>
      <main id="main" className="flex flex-col items-center justify-center bg-surface px-4 py-10 sm:px-6">
        <div className="flex w-full max-w-md flex-col gap-6">
          <div className="lg:hidden">
            <Logo />
          </div>
          <div>
            <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">
              {intro?.title ?? (tab === 'sign-in' ? 'Welcome back' : 'Create your free account')}
            </h1>
            <div className="mt-1 text-muted-foreground">
              {intro?.body ??
                (tab === 'sign-in'
                  ? 'Sign in to follow your move.'
                  : 'Buyers and sellers use Homeward free. Professionals join to work their cases.')}
            </div>
          </div>
          {notice && (
            <p role="status" className="rounded-lg border border-primary/30 bg-primary-soft/60 p-3 text-sm">
              {notice}
            </p>
          )}
          <div className="rounded-xl border bg-background p-5 shadow-sm sm:p-6">
            <Tabs value={tab} onValueChange={(v) => onTabChange(v as AuthTab)} className="flex flex-col gap-6">
              <TabsList className="grid w-full grid-cols-2">
                <TabsTrigger value="sign-in">Sign In</TabsTrigger>
                <TabsTrigger value="sign-up">Sign Up</TabsTrigger>
              </TabsList>
              <TabsContent value="sign-in">
                {signInWith === 'password' && (
                  <div className="flex flex-col gap-2">
                    <SignInForm defaultEmail={email} onSignedIn={onDone} onTwoFactor={askSecondFactor} />
                    <div className="flex flex-wrap justify-between gap-2">
                      <Button type="button" variant="link" onClick={() => setSignInWith('forgot')}>
                        Forgot password?
                      </Button>
                      <Button type="button" variant="link" onClick={() => setSignInWith('code')}>
                        Email me a sign-in code
                      </Button>
                    </div>
                    {ProviderButtons && <ProviderButtons mode="sign-in" />}
                  </div>
                )}
                {signInWith === 'forgot' && <ForgotPasswordForm defaultEmail={email} onBack={back} />}
                {signInWith === 'two-factor' && <TwoFactorStep onBack={back} onSignedIn={onDone} />}
                {signInWith === 'code' && (
                  <EmailCodeForm defaultEmail={email} onBack={back} onSignedIn={onDone} onTwoFactor={askSecondFactor} />
                )}
              </TabsContent>
              <TabsContent value="sign-up">
                <SignUpForm
                  defaultEmail={defaultEmail}
                  defaultRole={defaultRole}
                  next={next}
                  onSignIn={(typed) => {
                    setEmail(typed)
                    setSignInWith('password')
                    onTabChange('sign-in')
                  }}
                  footer={
                    ProviderButtons && ((chooseRole) => <ProviderButtons mode="sign-up" chooseRole={chooseRole} />)
                  }
                />
              </TabsContent>
            </Tabs>
          </div>
        </div>
      </main>
    </div>
  )
}
