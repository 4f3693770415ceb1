import type { connectedMessages } from './connected-messages'

export const connectedMessagesZh: typeof connectedMessages = {
  unknown: '未知用户',
  disconnect: '断开连接',
  disconnecting: '正在断开…',
  disconnectNote:
    '断开连接只会让演练场忘记令牌；在你到语雀账户设置中撤销此应用的授权之前，令牌在服务端仍然有效。',
}
