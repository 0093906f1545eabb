// 'Create a pin' (spec, sections 3, 4 and 5): the picture's preview, the boards (recent ones
// first, the target board preselected), title, caption, tags, rating and NSFW, with the boards'
// default caption and tags and 'Like previous'. A user without boards is told so and, like
// everyone, can make one there ('Create a board'), which comes chosen. Saving puts the pin on
// every chosen board, remembers it for next time, goes to /pins/{id}/ and closes.

import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useBoardChoiceList, type BoardChoiceList } from '../../api/boardChoice';
import { parseTags } from '../../api/boards';
import { useRevalidateAll } from '../../api/cache';
import { useMutation } from '../../api/mutation';
import type { TempPin } from '../../api/generated/graphql';
import { addPin } from '../../api/pins';
import { t } from '../../i18n';
import { pinPath } from '../../lib/paths';
import { chooseBoard, likePrevious, matchesPrevious, suggestedDraft, type PinDraft, type PinSuggestion } from '../../lib/pinDraft';
import { readLastPin, readRecentBoards, rememberPin, type LastPin } from '../../lib/pinMemory';
import { NO_BOARD_CHOSEN } from '../../lib/validation';
import { DialogForm, DialogLoading } from '../boards/DialogForm';
import { useBoardChoices } from './NewBoard';
import { PinDraftFields } from './PinFields';
import './pins.css';

const title = () => t('createPinModal.title', 'Create a pin');

interface CreatePinProps {
  temp: TempPin;
  /** The board to preselect, e.g. the board page the flow started from. */
  targetBoardID: string | null;
  /** The title, caption and source the page the picture came from suggests. */
  suggestion: PinSuggestion | null;
  onClose: () => void;
}

export function CreatePinModal(props: CreatePinProps) {
  const [last] = useState(readLastPin);
  const boards = useBoardChoiceList([...(props.targetBoardID ? [props.targetBoardID] : []), ...readRecentBoards(), ...(last?.boards ?? [])]);
  if (!boards.ready) return <DialogLoading title={title()} failed={boards.failed} onClose={props.onClose} />;
  return <CreatePinForm {...props} boards={boards} last={last} />;
}

function CreatePinForm({
  temp,
  targetBoardID,
  suggestion,
  onClose,
  boards,
  last,
}: CreatePinProps & { boards: BoardChoiceList; last: LastPin | null }) {
  const [draft, setDraft] = useState<PinDraft>(() => {
    const target = targetBoardID ? boards.byId.get(targetBoardID) : undefined;
    const suggested = suggestedDraft(suggestion);
    return target ? chooseBoard(suggested, target) : suggested;
  });
  const { create: createBoard, element: boardDialog } = useBoardChoices(boards, (board) => setDraft((d) => chooseBoard(d, board)));
  /** The form as it was before 'Like previous', for its undo. */
  const [beforeLike, setBeforeLike] = useState<PinDraft | null>(null);
  const navigate = useNavigate();
  const revalidateAll = useRevalidateAll();
  const create = useMutation(addPin);
  const boardIds = new Set(boards.byId.keys());
  const liked = beforeLike !== null && last !== null && matchesPrevious(draft, last, boardIds);

  const toggleLike = () => {
    if (liked) {
      setDraft(beforeLike);
      setBeforeLike(null);
    } else if (last) {
      setBeforeLike(draft);
      setDraft(likePrevious(draft, last, boardIds));
    }
  };

  const submit = async () => {
    if (draft.boards.length === 0) {
      create.setErrors([NO_BOARD_CHOSEN]);
      return;
    }
    const title = draft.title.trim();
    const caption = draft.caption.trim();
    const tags = parseTags(draft.tags);
    const id = await create.run({
      tempFileName: temp.tempFileName,
      originalName: temp.originalName,
      url: suggestion?.source || temp.url,
      title: title || null,
      caption,
      rating: draft.rating,
      unsafe: draft.unsafe,
      tags,
      boards: draft.boards,
    });
    if (!id) return;
    rememberPin({ title, caption, tags: tags.join(' '), boards: draft.boards, unsafe: draft.unsafe });
    onClose();
    await navigate(pinPath(id));
    await revalidateAll();
  };

  return (
    <>
      <DialogForm
        title={title()}
        onClose={onClose}
        onSubmit={submit}
        errors={create.errors}
        pending={create.pending}
        submitLabel={t('createPinModal.create', 'Create')}
      >
        <div className="pin-form__top">
          <img className="pin-form__preview" src={temp.tempFileUrl} alt={t('createPinModal.preview', "The new pin's picture")} />
          {last ? (
            <button type="button" className="button button--ghost button--small" onClick={toggleLike}>
              {liked ? t('createPinModal.undoLikePrevious', 'Undo like previous') : t('createPinModal.likePrevious', 'Like previous')}
            </button>
          ) : null}
        </div>
        <PinDraftFields boards={boards} draft={draft} onDraft={setDraft} onCreateBoard={createBoard} />
      </DialogForm>
      {boardDialog}
    </>
  );
}
