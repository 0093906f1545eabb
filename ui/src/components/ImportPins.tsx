// 'Import pins' in the profile page's Import card: a Corkboard export archive (from this instance or another)
// into the viewer's own account, then the report: created, skipped as already there, renamed,
// failed with reasons.

import { useState } from 'react';
import { countLabel } from '../api/boards';
import { useRevalidateAll } from '../api/cache';
import { errorMessages } from '../api/errors';
import { importArchive, type ImportCounts, type ImportReport } from '../api/archiveImport';
import { t } from '../i18n';
import { ErrorList, Field, FormActions, StatusMessage } from './Form';
import './ImportPins.css';

function counts(c: ImportCounts): string {
  return t('importPins.counts', '{pins}, {boards}, {folders}', {
    pins: countLabel(c.pins, 'pin'),
    boards: countLabel(c.boards, 'board'),
    folders: countLabel(c.folders, 'folder'),
  });
}

/** What the report's `kind` names ('user', 'folder', 'board', 'pin'), in the reader's language. */
function kindName(kind: string): string {
  return t('importPins.kind', '{kind, select, user {user} folder {folder} board {board} pin {pin} other {{kind}}}', { kind });
}

export function ImportPins() {
  const [file, setFile] = useState<File | null>(null);
  const [sent, setSent] = useState<number | null>(null);
  const [report, setReport] = useState<ImportReport | null>(null);
  const [errors, setErrors] = useState<string[]>([]);
  const revalidateAll = useRevalidateAll();

  const submit = async () => {
    if (!file) {
      setErrors([t('importPins.noFile', 'Please choose the zip archive of an export to import.')]);
      return;
    }
    setErrors([]);
    setReport(null);
    setSent(0);
    try {
      setReport(await importArchive(file, setSent));
      await revalidateAll();
    } catch (error) {
      setErrors(errorMessages(error));
    } finally {
      setSent(null);
    }
  };

  return (
    <form
      className="form profile__import-form"
      aria-labelledby="import-pins-title"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <h3 id="import-pins-title">{t('importPins.title', 'Corkboard export')}</h3>
      <Field
        label={t('importPins.archive', 'Export archive (.zip)')}
        type="file"
        accept=".zip,application/zip"
        onFiles={(files) => setFile(files?.[0] ?? null)}
        hint={t('importPins.hint', "An archive from 'Export my pins', here or on another Corkboard. Importing it again adds nothing twice.")}
      />
      <ErrorList errors={errors} />
      {sent !== null ? (
        <StatusMessage>
          {sent < 1
            ? t('importPins.sending', 'Sending the archive: {percent}%', { percent: Math.round(sent * 100) })
            : t('importPins.importing', 'Importing...')}
        </StatusMessage>
      ) : null}
      {report ? <ImportReportView report={report} /> : null}
      <FormActions>
        <button type="submit" className="button button--primary" disabled={sent !== null}>
          {t('importPins.submit', 'Import pins')}
        </button>
      </FormActions>
    </form>
  );
}

function ImportReportView({ report }: { report: ImportReport }) {
  return (
    <div className="import-pins__report" role="status">
      <p>{t('importPins.created', 'Created: {counts}.', { counts: counts(report.created) })}</p>
      <p>{t('importPins.skipped', 'Skipped as already there: {counts}.', { counts: counts(report.skipped) })}</p>
      {report.renamed.length > 0 ? (
        <>
          <p>{t('importPins.renamed', 'Renamed:')}</p>
          <ul>
            {report.renamed.map((r) => (
              <li key={`${r.kind}-${r.owner}-${r.from}-${r.to}`}>
                {t('importPins.renamedItem', '{kind} {from} is now {to}', { kind: kindName(r.kind), from: r.from, to: r.to })}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {report.failed.length > 0 ? (
        <>
          <p>{t('importPins.failed', 'Failed:')}</p>
          <ul>
            {report.failed.map((f, index) => (
              <li key={`${index}-${f.what}`}>
                {t('importPins.failedItem', '{kind} {what}: {reason}', { kind: kindName(f.kind), what: f.what, reason: f.reason })}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {report.notes.length > 0 ? (
        <ul>
          {report.notes.map((note, index) => (
            <li key={`${index}-${note}`}>{note}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
