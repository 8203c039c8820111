import type { ReactNode } from 'react'
import { Logo } from '#web/components/logo.tsx'

/** The plain centred card of the public auth pages (/reset-password, /verify-email). */
export function AuthCardPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main id="main" className="flex min-h-screen flex-col items-center justify-center bg-surface px-4 py-10 sm:px-6">
      <div className="flex w-full max-w-md flex-col gap-6">
        <Logo />
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{title}</h1>
        <div className="rounded-xl border bg-background p-5 shadow-sm sm:p-6">{children}</div>
      </div>
    </main>
  )
}
