import { AppLink } from '#web/lib/app-link.tsx'
import { COMPANY_NAME, PARENT_COMPANY_NAME, SUPPORT_EMAIL } from '#web/lib/contact.ts'
import { FOOTER_GROUPS } from '../nav-links'
import { Logo } from '#web/components/logo.tsx'

/** Registration line required by spec: Screens and routes ('Registered in the UK. All rights reserved'). */
export const REGISTRATION_TEXT = 'Registered in the UK. All rights reserved'

/** The public footer: every footer link of spec: Screens and routes, the registration line and the subsidiary notice. */
export function SiteFooter() {
  const year = new Date().getFullYear()
  return (
    <footer className="border-t bg-slate-950 text-slate-200">
      <div className="mx-auto grid max-w-7xl grid-cols-1 gap-10 px-4 py-12 sm:px-6 md:grid-cols-2 lg:grid-cols-5 lg:px-8">
        <div className="flex flex-col gap-3 lg:col-span-2">
          <Logo inverse />
          <p className="max-w-sm text-sm text-slate-300">
            One verified timeline for everyone in a home move in England and Wales: buyers, sellers, conveyancers,
            surveyors, brokers and agents.
          </p>
          <p className="text-sm text-slate-300">
            Questions?{' '}
            <a className="font-medium text-white underline underline-offset-4" href={`mailto:${SUPPORT_EMAIL}`}>
              {SUPPORT_EMAIL}
            </a>
          </p>
        </div>
        {FOOTER_GROUPS.map((group) => (
          <nav key={group.title} aria-label={group.title}>
            <h2 className="text-sm font-semibold text-white">{group.title}</h2>
            <ul className="mt-3 flex flex-col gap-2">
              {group.links.map((link) => (
                <li key={link.href}>
                  <AppLink to={link.href} className="text-sm text-slate-300 hover:text-white hover:underline">
                    {link.label}
                  </AppLink>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="border-t border-slate-800">
        <div className="mx-auto flex max-w-7xl flex-col gap-1 px-4 py-6 text-xs text-slate-300 sm:px-6 lg:px-8">
          <p>
            {/* The year is the server's when it rendered the page; a browser whose clock says otherwise keeps it. */}©{' '}
            <span suppressHydrationWarning>{year}</span> {COMPANY_NAME}. {REGISTRATION_TEXT}.
          </p>
          <p>
            {COMPANY_NAME} is a wholly owned subsidiary of {PARENT_COMPANY_NAME}. Homeward is not a law firm and does
            not give legal advice; conveyancing is carried out by the regulated firms you instruct.
          </p>
        </div>
      </div>
    </footer>
  )
}
