/** The user card's English messages (lib/user-card.tsx: the profile and the user lookup show it). */
export const userCardMessages = {
  avatarOf: (p: { name: string }) => `Avatar of ${p.name}`,
  noDescription: 'No description',
  loadingUser: 'Loading the user…',
  fieldId: 'id',
  fieldType: 'type',
  fieldLogin: 'login',
  fieldCreated: 'created',
  fieldUpdated: 'updated',
  fieldRepos: 'repositories',
  fieldPublicRepos: 'public repositories',
  fieldFollowers: 'followers',
  fieldFollowing: 'following',
  fieldVisibility: 'visibility',
  /** `public` of a user: 0, 1 or 2 (docs/service.md#richer-user-record). */
  visibility: {
    0: 'Private: only the user sees it',
    1: 'Public: anyone can see it',
    2: 'Visible to members of the space',
  },
  visibilityValue: (p: { value: number }) => `public = ${p.value} in the response`,
  noAvatarUrl: 'none',
}
