/** Every query key of the projects feature: mutations invalidate exactly the keys they change. */
export const projectKeys = {
  all: ['projects'] as const,
  lists: () => [...projectKeys.all, 'list'] as const,
  list: (params: object) => [...projectKeys.lists(), params] as const,
  hasSecure: () => [...projectKeys.all, 'has-secure'] as const,
  groups: () => [...projectKeys.all, 'groups'] as const,
  detail: (id: string) => [...projectKeys.all, 'detail', id] as const,
  boardContent: (id: string) => [...projectKeys.detail(id), 'board'] as const,
  notifications: (id: string) => [...projectKeys.detail(id), 'notifications'] as const,
  esimProfile: () => ['esim', 'profile'] as const,
};
