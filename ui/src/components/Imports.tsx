// 'Import' on the profile page, one card for every way in: a Corkboard export archive
// (ImportPins), a bookmark file (from a browser, or a Pinterest exporter), or a Pinry instance's
// pins. The server pins a bookmark file's or Pinry's pictures in the background, and each such
// import shows its progress, then what it made and the pictures it could not pin, with the reason.

import { useEffect, useRef, useState } from 'react';
import { useRevalidateAll } from '../api/cache';
import type { ImportJobsQuery } from '../api/generated/graphql';
import { importBookmarks, importFromPinry, useImportJobs } from '../api/imports';
import { useMutation } from '../api/mutation';
import { t } from '../i18n';
import { ErrorList, Field, FormActions } from './Form';
import { ImportPins } from './ImportPins';

type Job = ImportJobsQuery['importJobs'][number];

export function Imports() {
  const [file, setFile] = useState<File | null>(null);
  const { jobs, mutate } = useImportJobs();
  const start = useMutation(importBookmarks);

  const submit = async () => {
    if (!file) {
      start.setErrors([t('imports.noFile', 'Please choose a bookmark file.')]);
      return;
    }
    if (await start.run(file)) await mutate();
  };

  return (
    <section className="profile__card profile__import" aria-labelledby="import-title">
      <h2 id="import-title" className="profile__section-title">
        {t('imports.title', 'Import')}
      </h2>
      <div className="profile__import-forms">
        <ImportPins />
        <form
          className="form profile__import-form"
          aria-labelledby="bookmarks-title"
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <h3 id="bookmarks-title">{t('imports.bookmarks', 'Bookmarks')}</h3>
          <Field
            label={t('imports.bookmarkFile', 'Bookmark file')}
            type="file"
            accept=".html,.htm,text/html"
            onFiles={(files) => setFile(files?.[0] ?? null)}
            hint={t(
              'imports.bookmarkHint',
              "HTML, as browsers export bookmarks and Pinterest exporters write pins: each folder becomes a board, each bookmark's picture a pin, with its page as the source.",
            )}
          />
          <ErrorList errors={start.errors} />
          <FormActions>
            <button type="submit" className="button button--primary" disabled={start.pending}>
              {t('imports.importBookmarks', 'Import bookmarks')}
            </button>
          </FormActions>
        </form>
        <PinryForm onStarted={() => void mutate()} />
      </div>
      {jobs && jobs.length > 0 ? (
        <ul className="profile__imports" aria-label={t('imports.list', 'Imports')}>
          {jobs.map((job) => (
            <ImportProgress key={job.id} job={job} />
          ))}
        </ul>
      ) : null}
    </section>
  );
}

/** 'Import from Pinry': the instance's address, the user there, and its API token. */
function PinryForm({ onStarted }: { onStarted: () => void }) {
  const [url, setUrl] = useState('');
  const [username, setUsername] = useState('');
  const [token, setToken] = useState('');
  const start = useMutation(importFromPinry);
  return (
    <form
      className="form profile__import-form"
      aria-labelledby="pinry-title"
      onSubmit={(event) => {
        event.preventDefault();
        void start.run(url.trim(), username.trim(), token.trim()).then((id) => id && onStarted());
      }}
    >
      <h3 id="pinry-title">Pinry</h3>
      <Field label={t('imports.pinryAddress', 'Pinry address')} type="url" required placeholder="https://pinry.example.com" value={url} onValue={setUrl} />
      <Field label={t('imports.pinryUsername', 'Pinry username')} required value={username} onValue={setUsername} />
      <Field
        label={t('imports.pinryToken', 'API token')}
        type="password"
        autoComplete="off"
        hint={t('imports.pinryTokenHint', 'From your Pinry profile; needed for private boards.')}
        value={token}
        onValue={setToken}
      />
      <ErrorList errors={start.errors} />
      <FormActions>
        <button type="submit" className="button button--primary" disabled={start.pending}>
          {t('imports.importFromPinry', 'Import from Pinry')}
        </button>
      </FormActions>
    </form>
  );
}

function ImportProgress({ job }: { job: Job }) {
  const revalidateAll = useRevalidateAll();
  const finished = job.finishedAt !== null;
  const wasFinished = useRef(finished);
  // The new pins and boards show everywhere once the import is done.
  useEffect(() => {
    if (finished && !wasFinished.current) {
      wasFinished.current = true;
      void revalidateAll();
    }
  }, [finished, revalidateAll]);
  const summary = t('imports.summary', '{created} created, {duplicates} already pinned, {failed} failed.', {
    created: job.created,
    duplicates: job.duplicates,
    failed: job.failed,
  });
  return (
    <li className="profile__import">
      <label>
        {finished
          ? t('imports.done', '{source}: done', { source: job.source })
          : t('imports.progress', '{source}: {done} of {total}', { source: job.source, done: job.done, total: job.total })}
        <progress max={job.total} value={job.done} />
      </label>
      <p role="status">{finished ? summary : t('imports.importing', 'Importing... {summary}', { summary })}</p>
      {job.failures.length > 0 ? (
        <ul aria-label={t('imports.notImported', 'Not imported from {source}', { source: job.source })}>
          {job.failures.map((failure, index) => (
            <li key={index}>
              {failure.item}: {failure.reason}
            </li>
          ))}
        </ul>
      ) : null}
    </li>
  );
}
