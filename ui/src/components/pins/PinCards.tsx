// The pin detail screen's cards (spec, section 2): who pinned it and from which pin, the boards
// it is on (with 'Pin on boards...' for the owner), and the Image Metadata card with its
// 'No ... information' lines.

import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { PinDetail } from '../../api/generated/graphql';
import { usePinBoards } from '../../api/pinDetail';
import { displayName } from '../../api/users';
import { formatNumber, t, tx } from '../../i18n';
import { formatBytes, formatDateTime, timeAgo } from '../../lib/format';
import { boardPath, pinPath, userPath } from '../../lib/paths';
import './pins.css';

function Card({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section className="pin-card" aria-labelledby={id}>
      <h2 id={id} className="pin-card__title">
        {title}
      </h2>
      {children}
    </section>
  );
}

export function UsersCard({ pin }: { pin: PinDetail }) {
  const via = pin.addedVia;
  return (
    <section className="pin-card" aria-label={t('pinCards.pinnedBy', 'Pinned by')}>
      <p className="pin-card__line">
        {tx('pinCards.by', 'By <link>{name}</link>', {
          name: displayName(pin.user),
          link: (chunks) => <Link to={userPath(pin.user.username)}>{chunks}</Link>,
        })}
      </p>
      {via ? (
        <p className="pin-card__line">
          {tx('pinCards.addedVia', "Added via <link>{name}'s pin</link>", {
            name: displayName(via.user),
            link: (chunks) => <Link to={pinPath(via.id)}>{chunks}</Link>,
          })}
        </p>
      ) : null}
    </section>
  );
}

/**
 * The pin's boards: the first 50 come with the pin, the others are asked when there are more.
 * `onManage`, for the owner: 'Pin on boards...', the choice of the pin's boards.
 */
export function BoardsCard({ pin, onManage }: { pin: PinDetail; onManage?: () => void }) {
  const { boards: every } = usePinBoards(pin.boards.pageInfo.hasNextPage ? pin.id : null);
  const boards = every ?? pin.boards.edges.map((edge) => edge.node);
  return (
    <Card title={t('pinCards.pinnedOn', 'Pinned on {count, plural, one {# board} other {# boards}}', { count: pin.boards.totalCount })}>
      {boards.length > 0 ? (
        <ul className="pin-card__list">
          {boards.map((board) => (
            <li key={board.id}>
              <Link to={boardPath(board.user.username, board.slug)}>{board.title}</Link>
            </li>
          ))}
        </ul>
      ) : null}
      {onManage ? (
        <button type="button" className="button button--ghost button--small pin-card__action" onClick={onManage}>
          {t('pinCards.manageBoards', 'Pin on boards...')}
        </button>
      ) : null}
    </Card>
  );
}

const oneDecimal = (value: number) => formatNumber(Number(value.toFixed(1)));

export function MetadataCard({ pin }: { pin: PinDetail }) {
  const exposure = [
    pin.exposureTime ? t('pinCards.exposureTime', '{time} sec', { time: pin.exposureTime }) : null,
    pin.aperture !== null ? `f/${oneDecimal(pin.aperture)}` : null,
    pin.iso !== null ? `ISO ${pin.iso}` : null,
  ].filter((part): part is string => part !== null);
  const lens = [pin.lens, pin.focalLength !== null ? `${oneDecimal(pin.focalLength)} mm` : null].filter(Boolean).join(', ');

  return (
    <Card title={t('pinCards.metadata', 'Image Metadata')}>
      <ul className="pin-meta">
        <li className="pin-meta__line">
          {exposure.length > 0 ? exposure.map((part) => <span key={part}>{part}</span>) : t('pinCards.noExposure', 'No exposure information')}
        </li>
        <li className="pin-meta__line">{pin.camera || t('pinCards.noCamera', 'No camera information')}</li>
        <li className="pin-meta__line">{lens || t('pinCards.noLens', 'No lens information')}</li>
        <li className="pin-meta__line">
          <span>{`${pin.width} × ${pin.height} px`}</span>
          <span>{formatBytes(pin.weight)}</span>
        </li>
        <li className="pin-meta__line">
          {pin.exifDate ? <time dateTime={pin.exifDate}>{formatDateTime(pin.exifDate)}</time> : t('pinCards.noDate', 'No date information')}
        </li>
        <li className="pin-meta__line">
          <span>
            {tx('pinCards.added', 'Added <time>{ago}</time>', {
              ago: timeAgo(pin.createdAt),
              time: (chunks) => (
                <time dateTime={pin.createdAt} title={formatDateTime(pin.createdAt)}>
                  {chunks}
                </time>
              ),
            })}
          </span>
        </li>
      </ul>
    </Card>
  );
}
