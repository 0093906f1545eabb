// The pin screen's buttons and menu (spec, section 2): 'Visit site' and 'Image' (new tab),
// 'Cover' (the owner, on a board), 'Edit' (the owner) and 'Pin it'; the 'Pin menu' with a share
// action, Edit pin, Visit origin website, Open original image, Set pin as board cover and
// Delete pin, each where it applies.

import { useState } from 'react';
import { useRevalidateAll } from '../../api/cache';
import { GENERIC_ERROR } from '../../api/errors';
import { useMutation } from '../../api/mutation';
import { t } from '../../i18n';
import { setBoardCover } from '../../api/pinEdits';
import type { PinDetail } from '../../api/generated/graphql';
import type { PinBoard } from '../../api/pinDetail';
import { safeHref } from '../../lib/links';
import { pinPath } from '../../lib/paths';
import { OwnerMenu, type OwnerAction } from '../boards/OwnerMenu';
import { ErrorList, StatusMessage } from '../Form';
import type { PinDialogs } from './PinDialogs';

/** The system's share sheet where there is one, else the link copied to the clipboard. */
const canShare = typeof navigator !== 'undefined' && typeof navigator.share === 'function';

async function share(pin: PinDetail): Promise<string | null> {
  const url = new URL(pinPath(pin.id), window.location.origin).href;
  if (canShare) {
    await navigator.share({ title: pin.title || pin.caption, url }).catch(() => undefined);
    return null;
  }
  await navigator.clipboard.writeText(url);
  return t('pinActions.linkCopied', 'Link copied.');
}

export function PinActions({
  pin,
  board,
  isOwner,
  dialogs,
}: {
  pin: PinDetail;
  /** The board the pin was opened on, if any. */
  board: PinBoard | null;
  isOwner: boolean;
  dialogs: PinDialogs;
}) {
  const [status, setStatus] = useState<string | null>(null);
  const revalidateAll = useRevalidateAll();
  const cover = useMutation(setBoardCover);
  const sharing = useMutation(share, GENERIC_ERROR);
  const source = safeHref(pin.sourceFileUrl);
  const coverBoard = isOwner && board && board.user.id === pin.user.id ? board : null;

  const setCover = async () => {
    if (!coverBoard) return;
    setStatus(null);
    if (!(await cover.run(coverBoard.id, pin.id))) return;
    setStatus(t('pinActions.coverSet', 'This pin is now the cover of {board}.', { board: coverBoard.title }));
    await revalidateAll();
  };

  const menu: OwnerAction[] = [
    {
      label: canShare ? t('pinActions.share', 'Share') : t('pinActions.copyLink', 'Copy link'),
      onSelect: () => void sharing.run(pin).then((message) => setStatus(message ?? null)),
    },
    ...(isOwner ? [{ label: t('pinActions.editPin', 'Edit pin'), onSelect: () => dialogs.open('edit', pin.id) }] : []),
    ...(source ? [{ label: t('pinActions.visitOrigin', 'Visit origin website'), href: source }] : []),
    { label: t('pinActions.openOriginal', 'Open original image'), href: pin.original },
    ...(coverBoard ? [{ label: t('pinActions.setCover', 'Set pin as board cover'), onSelect: () => void setCover() }] : []),
    ...(isOwner ? [{ label: t('pinActions.deletePin', 'Delete pin'), onSelect: () => dialogs.open('delete', pin.id), danger: true }] : []),
  ];

  return (
    <>
      <div className="pin-page__actions">
        {source ? (
          <a className="button button--ghost" href={source} target="_blank" rel="noopener">
            {t('pinActions.visitSite', 'Visit site')}
          </a>
        ) : null}
        <a className="button button--ghost" href={pin.original} target="_blank" rel="noopener">
          {t('pinActions.image', 'Image')}
        </a>
        {coverBoard ? (
          <button type="button" className="button button--ghost" onClick={() => void setCover()} disabled={cover.pending}>
            {t('pinActions.cover', 'Cover')}
          </button>
        ) : null}
        {isOwner ? (
          <button type="button" className="button button--ghost" onClick={() => dialogs.open('edit', pin.id)}>
            {t('pinActions.edit', 'Edit')}
          </button>
        ) : null}
        <button type="button" className="button button--primary" onClick={() => void dialogs.pinIt(pin)}>
          {t('pinActions.pinIt', 'Pin it')}
        </button>
        <OwnerMenu label={t('pinActions.menu', 'Pin menu')} actions={menu} />
      </div>
      {status ? <StatusMessage>{status}</StatusMessage> : null}
      <ErrorList errors={[...cover.errors, ...sharing.errors, ...dialogs.errors]} />
    </>
  );
}
