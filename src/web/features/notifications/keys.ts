/** Query keys of the viewer's notifications; live events invalidate the list, never the settings. */
export const notificationKeys = {
  list: ['notifications', 'list'] as const,
  settings: ['notifications', 'settings'] as const,
}
