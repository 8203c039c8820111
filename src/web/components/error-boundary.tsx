import { Component, type ReactNode } from 'react'
import { UnexpectedError } from './unexpected-error'

/** Catches render errors outside the router (the landing page's own entry) and shows UnexpectedError. */
export class ErrorBoundary extends Component<{ children: ReactNode }, { error: unknown }> {
  state: { error: unknown } = { error: null }

  static getDerivedStateFromError(error: unknown) {
    return { error }
  }

  render() {
    const { error } = this.state
    if (error) return <UnexpectedError error={error} detail={error instanceof Error ? error.message : String(error)} />
    return this.props.children
  }
}
