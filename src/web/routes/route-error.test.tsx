// @vitest-environment happy-dom
/**
 * Spec: Error catalogue, 'Generic router failure': a route that fails to load or to render shows
 * 'Unexpected Application Error!' from the root errorElement of the app's real route table.
 */
import { cleanup, render, screen, waitFor } from '@testing-library/react'
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router'
import { afterEach, describe, expect, it } from 'vitest'
import { expectConsoleError } from '../../test-setup/fail-on-console-error'
import { UNEXPECTED_ERROR_TITLE } from '../components/unexpected-error'
import { AppProviders } from '../providers'
import { routes } from '../router'

afterEach(cleanup)

function Crash(): never {
  throw new Error('The stage list could not be drawn')
}

/** The app's routes with two failing pages added under the root, which owns the errorElement. */
function routesWithFailures(): RouteObject[] {
  const [root, ...rest] = routes
  return [
    {
      ...root,
      children: [
        ...(root.children ?? []),
        {
          path: 'failing-loader',
          loader: () => {
            throw new Error('The directory could not be loaded')
          },
          Component: () => <p>never shown</p>,
        },
        { path: 'failing-render', Component: Crash },
      ],
    } as RouteObject,
    ...rest,
  ]
}

describe('router failure', () => {
  it.each([
    ['/failing-loader', 'The directory could not be loaded'],
    ['/failing-render', 'The stage list could not be drawn'],
  ])('%s shows the Unexpected Application Error page with what went wrong', async (path, message) => {
    expectConsoleError(new RegExp(message))
    const router = createMemoryRouter(routesWithFailures(), { initialEntries: [path] })
    render(
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>,
    )
    expect(await screen.findByRole('heading', { level: 1, name: UNEXPECTED_ERROR_TITLE })).toBeTruthy()
    expect(UNEXPECTED_ERROR_TITLE).toBe('Unexpected Application Error!')
    expect(screen.getByText(message)).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Return to Home' }).getAttribute('href')).toBe('/')
    // Set by an effect, which may run after the heading is found on a busy machine.
    await waitFor(() => expect(document.title).toBe('Something went wrong | Homeward'))
  })
})
