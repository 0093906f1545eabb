// A board's ordering mode (spec, sections 2 and 4): drag a pin onto the left or right half of
// another to put it before or after it (or use its move buttons), then 'Done' saves the new
// order of each moved pin: with n pins loaded and m the smallest of their orders, the pin at
// place i (0 first) gets m + n - 1 - i.

import { useState, type DragEvent } from 'react';
import { useMutation } from '../../api/mutation';
import { t } from '../../i18n';
import { orderPinInBoard } from '../../api/pinEdits';
import type { ListedPin } from '../../api/pinLists';
import { FormActions } from '../Form';
import { PinFace, PinGrid } from './PinGrid';
import './PinGrid.css';

type Side = 'before' | 'after';

/** `pins` with `moved` taken out and put before or after `target`. */
function move(pins: readonly ListedPin[], moved: string, target: string, side: Side): ListedPin[] {
  const pin = pins.find((p) => p.id === moved);
  if (!pin || moved === target) return [...pins];
  const rest = pins.filter((p) => p.id !== moved);
  const at = rest.findIndex((p) => p.id === target) + (side === 'after' ? 1 : 0);
  return [...rest.slice(0, at), pin, ...rest.slice(at)];
}

/** The orders to send: each pin whose place changed, with its new order. */
function newOrders(pins: readonly ListedPin[]): { id: string; order: number }[] {
  const orders = pins.map((pin) => pin.order).filter((order): order is number => order !== null);
  if (orders.length === 0) return [];
  const smallest = Math.min(...orders);
  return pins
    .map((pin, index) => ({ id: pin.id, order: smallest + pins.length - 1 - index, was: pin.order }))
    .filter((pin) => pin.order !== pin.was)
    .map(({ id, order }) => ({ id, order }));
}

const nameOf = (pin: ListedPin) => pin.title || pin.caption;

export function OrderPins({
  boardId,
  pins: loaded,
  onDone,
  onCancel,
}: {
  boardId: string;
  pins: readonly ListedPin[];
  /** After saving: the page reloads the board's pins. */
  onDone: () => void;
  onCancel: () => void;
}) {
  const [pins, setPins] = useState(loaded);
  const [dragged, setDragged] = useState<string | null>(null);
  const [target, setTarget] = useState<{ id: string; side: Side } | null>(null);
  const save = useMutation(async () => {
    for (const { id, order } of newOrders(pins)) await orderPinInBoard(id, boardId, order);
    return true;
  });

  const sideOf = (event: DragEvent<HTMLElement>): Side => {
    const box = event.currentTarget.getBoundingClientRect();
    return event.clientX < box.left + box.width / 2 ? 'before' : 'after';
  };
  const shift = (index: number, by: -1 | 1) => {
    const other = pins[index + by];
    const pin = pins[index];
    if (pin && other) setPins(move(pins, pin.id, other.id, by < 0 ? 'before' : 'after'));
  };

  return (
    <section className="order-pins" aria-label={t('orderPins.label', 'Order pins')}>
      <div className="order-pins__bar">
        <p className="order-pins__help">
          {t('orderPins.help', 'Drag a pin onto the left or right half of another pin to put it before or after it.')}
        </p>
        <FormActions>
          <button type="button" className="button button--ghost" onClick={onCancel} disabled={save.pending}>
            {t('orderPins.cancel', 'Cancel')}
          </button>
          <button type="button" className="button button--primary" disabled={save.pending} onClick={() => void save.run().then((ok) => ok && onDone())}>
            {t('orderPins.done', 'Done')}
          </button>
        </FormActions>
      </div>
      <PinGrid
        pins={pins}
        label={t('orderPins.pins', 'Pins')}
        renderTile={(pin, index, columnWidth) => (
          <div
            className="order-tile"
            data-dragged={dragged === pin.id}
            data-drop={target?.id === pin.id ? target.side : undefined}
            draggable
            onDragStart={(event) => {
              event.dataTransfer.setData('text/plain', pin.id);
              event.dataTransfer.effectAllowed = 'move';
              setDragged(pin.id);
            }}
            onDragEnd={() => {
              setDragged(null);
              setTarget(null);
            }}
            onDragOver={(event) => {
              if (!dragged || dragged === pin.id) return;
              event.preventDefault();
              event.dataTransfer.dropEffect = 'move';
              const side = sideOf(event);
              if (target?.id !== pin.id || target.side !== side) setTarget({ id: pin.id, side });
            }}
            onDragLeave={() => setTarget((current) => (current?.id === pin.id ? null : current))}
            onDrop={(event) => {
              event.preventDefault();
              if (dragged) setPins(move(pins, dragged, pin.id, sideOf(event)));
              setDragged(null);
              setTarget(null);
            }}
          >
            <PinFace pin={pin} columnWidth={columnWidth} />
            <div className="order-tile__moves">
              <button
                type="button"
                className="order-tile__move"
                aria-label={t('orderPins.earlier', 'Move {name} earlier', { name: nameOf(pin) })}
                disabled={index === 0}
                onClick={() => shift(index, -1)}
              >
                ‹
              </button>
              <button
                type="button"
                className="order-tile__move"
                aria-label={t('orderPins.later', 'Move {name} later', { name: nameOf(pin) })}
                disabled={index === pins.length - 1}
                onClick={() => shift(index, 1)}
              >
                ›
              </button>
            </div>
          </div>
        )}
      />
    </section>
  );
}
