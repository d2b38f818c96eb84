import { Button, Popup } from 'antd-mobile';
import { CloseOutline } from 'antd-mobile-icons';
import type { SiteConfig } from '../../shared/stores/site';

interface Props {
  visible: boolean;
  ios: boolean;
  site: SiteConfig;
  onClose(): void;
  onProceed(): void;
}

/** The sheet AppDownloadSheet shows: Android has cancel + continue, iOS a close icon + continue. */
export default function DownloadSheetPopup({
  visible,
  ios,
  site,
  onClose: close,
  onProceed: proceed,
}: Props) {
  return (
    <Popup visible={visible} onMaskClick={close} bodyStyle={{ borderRadius: '14px 14px 0 0', padding: 18 }}>
      <div className="download-sheet">
        {ios ? (
          <button type="button" className="download-close" aria-label="关闭" onClick={close}>
            <CloseOutline fontSize={20} />
          </button>
        ) : null}
        {site.imageUrl ? <img src={site.imageUrl} alt="" className="download-image" /> : null}
        <h3>{site.popUpWindowTitle || `下载${site.tenantName}APP`}</h3>
        <p>{site.popUpWindowContent || '下载APP，投注更快捷，开奖提醒不错过'}</p>
        <div className="download-buttons">
          {ios ? null : (
            <Button block shape="rounded" onClick={close}>
              取消
            </Button>
          )}
          <Button block color="primary" shape="rounded" onClick={proceed}>
            继续
          </Button>
        </div>
      </div>
    </Popup>
  );
}
