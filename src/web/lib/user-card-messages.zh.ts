/** The user card in Simplified Chinese, declared with the English catalog's type. */
import type { userCardMessages } from './user-card-messages'

export const userCardMessagesZh: typeof userCardMessages = {
  avatarOf: (p) => `${p.name} 的头像`,
  noDescription: '暂无简介',
  loadingUser: '正在加载用户…',
  fieldId: 'ID',
  fieldType: '类型',
  fieldLogin: '登录名',
  fieldCreated: '创建时间',
  fieldUpdated: '更新时间',
  fieldRepos: '知识库',
  fieldPublicRepos: '公开知识库',
  fieldFollowers: '关注者',
  fieldFollowing: '正在关注',
  fieldVisibility: '可见性',
  visibility: {
    0: '私密：仅本人可见',
    1: '公开：所有人可见',
    2: '空间成员可见',
  },
  visibilityValue: (p) => `响应中 public = ${p.value}`,
  noAvatarUrl: '无',
}
