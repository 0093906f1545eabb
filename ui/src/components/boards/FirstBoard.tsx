// The start of an owner's empty user page (issue 79): make a first board with one click on a
// suggested name, or with a name of one's own; its page then offers the first pin (AddPinHere).

import { useState } from 'react';
import { useNavigate } from 'react-router';
import { addBoard } from '../../api/boards';
import { useRevalidateAll } from '../../api/cache';
import { useMutation } from '../../api/mutation';
import { t } from '../../i18n';
import { boardPath } from '../../lib/paths';
import { ErrorList, Field } from '../Form';
import './FirstBoard.css';

/** The names offered, in the reader's language (the board's title is then theirs). */
const suggestedNames = () => [
  t('firstBoard.nameIdeas', 'Ideas'),
  t('firstBoard.nameRecipes', 'Recipes'),
  t('firstBoard.nameTravel', 'Travel'),
  t('firstBoard.nameHome', 'Home'),
];

export function FirstBoard() {
  const [title, setTitle] = useState('');
  const create = useMutation(addBoard);
  const navigate = useNavigate();
  const revalidateAll = useRevalidateAll();

  const make = async (name: string) => {
    const board = await create.run({ title: name.trim(), folder: null, caption: null, secret: false });
    if (!board) return;
    await navigate(boardPath(board.user.username, board.slug, board.folder?.slug));
    await revalidateAll();
  };

  return (
    <section className="first-board" aria-labelledby="first-board-title">
      <h2 id="first-board-title">{t('firstBoard.title', 'Make your first board')}</h2>
      <p className="first-board__text">{t('firstBoard.text', 'Pins live on boards. Start with one of these, or name your own:')}</p>
      <div className="first-board__names" role="group" aria-label={t('firstBoard.suggestedNames', 'Suggested names')}>
        {suggestedNames().map((name) => (
          <button key={name} type="button" className="button button--ghost" disabled={create.pending} onClick={() => void make(name)}>
            {name}
          </button>
        ))}
      </div>
      <form
        className="form first-board__own"
        onSubmit={(event) => {
          event.preventDefault();
          void make(title);
        }}
      >
        <Field label={t('firstBoard.boardName', 'Board name')} required value={title} onValue={setTitle} />
        <button type="submit" className="button button--primary" disabled={create.pending}>
          {t('firstBoard.create', 'Create a board')}
        </button>
      </form>
      <ErrorList errors={create.errors} />
    </section>
  );
}
