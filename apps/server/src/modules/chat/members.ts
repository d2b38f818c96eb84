import { ChatMessages } from '@lottery/contract/chat';
import { Codes } from '@lottery/contract/codes';
import { formatMoney } from '@lottery/contract/money';
import { DomainError } from '../../errors';
import type { Actor } from './actor';
import * as repo from './repo';
import type { ChatService } from './service';
import { colorIds, gradeLabel, maskName } from './views';

type Member = Actor & { kind: 'user' };
const fail = (msg: string) => DomainError.of(Codes.INVALID_PARAM, msg);

/** Player card, remarks, downline check and saved images. */
export class Members {
  constructor(private readonly chat: ChatService) {}
  private get db() {
    return this.chat.ctx.db;
  }

  /** Player card (spec §3). Real account names only for managers (of the room, or of any room). */
  async card(viewer: Member, userId: number, roomCode?: string) {
    const user = await repo.userById(this.db, viewer.tenantId, userId);
    if (!user) throw fail(ChatMessages.userNotFound);
    const manager = roomCode
      ? await this.chat.isManager(viewer, (await this.chat.room(viewer.tenantId, roomCode)).id)
      : await repo.managesAnyRoom(this.db, viewer.userId);
    const tenant = await this.chat.ctx.tenant.get();
    const showProfit = Boolean((tenant?.config as { showCardProfit?: boolean } | undefined)?.showCardProfit);
    const name = manager || user.id === viewer.userId ? user.user_name : maskName(user.user_name);
    const colors = colorIds(user.grade);
    return {
      userId: user.id,
      nickName: user.nick_name,
      nickname: user.nick_name,
      userName: name,
      avatar: user.avatar,
      sex: user.gender,
      grade: user.grade,
      gradeShow: gradeLabel(user.grade),
      gradeShowColorId: colors.gradeShowColorId,
      gradeName: gradeLabel(user.grade),
      playedLottery: (await repo.playedLotteries(this.db, user.id)).join(','),
      ...(showProfit
        ? { totalBonus: formatMoney(await repo.totalBonusMinor(this.db, viewer.tenantId, user.id)) }
        : {}),
    };
  }

  private async assertManagerAnywhere(viewer: Member) {
    if (!(await repo.managesAnyRoom(this.db, viewer.userId))) throw fail(ChatMessages.managerOnly);
  }

  async getRemark(viewer: Member, targetUserId: number) {
    await this.assertManagerAnywhere(viewer);
    return { remark: await repo.getRemark(this.db, viewer.userId, targetUserId), targetUserId };
  }

  async setRemark(viewer: Member, targetUserId: number, remark: string) {
    await this.assertManagerAnywhere(viewer);
    if (!(await repo.userById(this.db, viewer.tenantId, targetUserId))) throw fail(ChatMessages.userNotFound);
    await repo.setRemark(this.db, viewer.userId, targetUserId, remark.trim(), this.chat.ctx.clock.now());
  }

  /** Whether the user is the viewer's direct downline (agent view of a member in the room). */
  async isDown(viewer: Member, userId: number, roomCode: string): Promise<boolean> {
    await this.chat.room(viewer.tenantId, roomCode);
    return (await repo.parentOf(this.db, userId)) === viewer.userId;
  }

  async savedImages(viewer: Member, page: { pageNum: number; pageSize: number }) {
    const { rows, total } = await repo.savedImages(this.db, viewer.userId, page);
    return { rows: rows.map((r) => ({ id: r.id, imgPath: r.img_path, thumbPath: r.thumb_path })), total };
  }

  async addSavedImage(viewer: Member, imgPath: string) {
    const file = await repo.chatFileByPath(this.db, imgPath.trim());
    if (!file) throw fail(ChatMessages.imageUnknown);
    const id = await repo.addSavedImage(
      this.db,
      viewer.userId,
      file.img_path,
      file.thumb_path,
      this.chat.ctx.clock.now(),
    );
    return { id, imgPath: file.img_path, thumbPath: file.thumb_path };
  }

  async deleteSavedImages(viewer: Member, ids: number[]) {
    return repo.deleteSavedImages(this.db, viewer.userId, ids);
  }
}
