import { Button, Dialog } from 'antd-mobile';
import { useLayoutEffect } from 'react';
import { useNavigate, useParams } from 'react-router';
import { toastSuccess } from '../../../shared/ui/toast';
import { useDeleteMessage, useRemoveDeleted } from '../api/delete-message';
import { useMessage } from '../api/get-message';
import { useSetMessageRead } from '../api/set-message-read';
import { ArticleView } from '../components/article-view';
import '../content.css';

/** /secretMessageDetail/{articleId}: one of the player's messages; opening marks it read. */
export default function MessageDetailPage() {
  const id = Number(useParams().articleId);
  const navigate = useNavigate();
  const message = useMessage(id);
  const { mutate: markRead } = useSetMessageRead();
  const remove = useDeleteMessage();
  const removeDeleted = useRemoveDeleted();
  const unread = message.data !== undefined && !message.data.isRead;
  // Marked read in the commit that shows it, not after the paint: a player who goes back at once
  // has seen it, and an effect would never run for a page left before the browser painted again
  // (the list then kept counting it unread: e2e/content, under CI load).
  useLayoutEffect(() => {
    if (unread) markRead(id);
  }, [unread, id, markRead]);

  const onDelete = async () => {
    if (!(await Dialog.confirm({ content: '确定删除这条消息吗？', confirmText: '删除', cancelText: '取消' })))
      return;
    await remove.mutateAsync(id);
    toastSuccess('删除成功');
    await navigate('/secretMessage', { replace: true });
    removeDeleted(id);
  };

  return (
    <div className="content-page">
      <ArticleView query={message} article={message.data} missingText="消息不存在">
        <div className="content-actions">
          <Button
            block
            color="danger"
            fill="outline"
            loading={remove.isPending}
            onClick={onDelete}
            data-testid="message-delete"
          >
            删除
          </Button>
        </div>
      </ArticleView>
    </div>
  );
}
