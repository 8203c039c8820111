/**
 * A refusal by permission: 403 with a message a person can act on, naming in code (and logs) which
 * permission of src/shared/domain/permissions.ts was missing.
 */
import type { Permission } from '#shared/domain/permissions.ts'
import { AppError } from '#server/core/errors.ts'

export class PermissionDenied extends AppError {
  constructor(
    public readonly permission: Permission,
    message: string,
  ) {
    super('forbidden', message)
    this.name = 'PermissionDenied'
  }
}

/** Throws PermissionDenied(permission, message) unless `allowed`. */
export function requirePermission(permission: Permission, allowed: boolean, message: string): asserts allowed {
  if (!allowed) throw new PermissionDenied(permission, message)
}
