/** The whole database schema, one file per aggregate. Migrations are generated from it by drizzle-kit. */
export * from './auth'
export * from './people'
export * from './directory'
export * from './transactions'
export * from './activity'
export * from './documents-signing'
export * from './invitations'
export * from './mail'
