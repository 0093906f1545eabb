// The pin detail screen's cards (spec, section 2): who pinned it and from which pin, the boards
// it is on (with 'Pin on boards...' for the owner), and the Image Metadata card with its
// 'No ... information' lines.

import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import { countLabel } from '../../api/boards';
import type { PinDetail } from '../../api/generated/graphql';
import { usePinBoards } from '../../api/pinDetail';
import { displayName } from '../../api/users';
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
  return (
    <section className="pin-card" aria-label="Pinned by">
      <p className="pin-card__line">
        By <Link to={userPath(pin.user.username)}>{displayName(pin.user)}</Link>
      </p>
      {pin.addedVia ? (
        <p className="pin-card__line">
          Added via <Link to={pinPath(pin.addedVia.id)}>{displayName(pin.addedVia.user)}&apos;s pin</Link>
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
    <Card title={`Pinned on ${countLabel(pin.boards.totalCount, 'board')}`}>
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
          Pin on boards...
        </button>
      ) : null}
    </Card>
  );
}

const oneDecimal = (value: number) => String(Number(value.toFixed(1)));

export function MetadataCard({ pin }: { pin: PinDetail }) {
  const exposure = [
    pin.exposureTime ? `${pin.exposureTime} sec` : null,
    pin.aperture !== null ? `f/${oneDecimal(pin.aperture)}` : null,
    pin.iso !== null ? `ISO ${pin.iso}` : null,
  ].filter((part): part is string => part !== null);
  const lens = [pin.lens, pin.focalLength !== null ? `${oneDecimal(pin.focalLength)} mm` : null].filter(Boolean).join(', ');

  return (
    <Card title="Image Metadata">
      <ul className="pin-meta">
        <li className="pin-meta__line">
          {exposure.length > 0 ? exposure.map((part) => <span key={part}>{part}</span>) : 'No exposure information'}
        </li>
        <li className="pin-meta__line">{pin.camera || 'No camera information'}</li>
        <li className="pin-meta__line">{lens || 'No lens information'}</li>
        <li className="pin-meta__line">
          <span>{`${pin.width} × ${pin.height} px`}</span>
          <span>{formatBytes(pin.weight)}</span>
        </li>
        <li className="pin-meta__line">
          {pin.exifDate ? <time dateTime={pin.exifDate}>{formatDateTime(pin.exifDate)}</time> : 'No date information'}
        </li>
        <li className="pin-meta__line">
          <span>
            Added{' '}
            <time dateTime={pin.createdAt} title={formatDateTime(pin.createdAt)}>
              {timeAgo(pin.createdAt)}
            </time>
          </span>
        </li>
      </ul>
    </Card>
  );
}
