// 'Import pins' in the profile page's Import card: a Corkboard export archive (from this instance or another)
// into the viewer's own account, then the report: created, skipped as already there, renamed,
// failed with reasons.

import { useState } from 'react';
import { countLabel } from '../api/boards';
import { useRevalidateAll } from '../api/cache';
import { errorMessages } from '../api/errors';
import { importArchive, type ImportCounts, type ImportReport } from '../api/archiveImport';
import { ErrorList, Field, FormActions, StatusMessage } from './Form';
import './ImportPins.css';

function counts(c: ImportCounts): string {
  return [countLabel(c.pins, 'pin'), countLabel(c.boards, 'board'), countLabel(c.folders, 'folder')].join(', ');
}

export function ImportPins() {
  const [file, setFile] = useState<File | null>(null);
  const [sent, setSent] = useState<number | null>(null);
  const [report, setReport] = useState<ImportReport | null>(null);
  const [errors, setErrors] = useState<string[]>([]);
  const revalidateAll = useRevalidateAll();

  const submit = async () => {
    if (!file) {
      setErrors(['Please choose the zip archive of an export to import.']);
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
      <h3 id="import-pins-title">Corkboard export</h3>
      <Field
        label="Export archive (.zip)"
        type="file"
        accept=".zip,application/zip"
        onFiles={(files) => setFile(files?.[0] ?? null)}
        hint="An archive from 'Export my pins', here or on another Corkboard. Importing it again adds nothing twice."
      />
      <ErrorList errors={errors} />
      {sent !== null ? (
        <StatusMessage>{sent < 1 ? `Sending the archive: ${Math.round(sent * 100)}%` : 'Importing...'}</StatusMessage>
      ) : null}
      {report ? <ImportReportView report={report} /> : null}
      <FormActions>
        <button type="submit" className="button button--primary" disabled={sent !== null}>
          Import pins
        </button>
      </FormActions>
    </form>
  );
}

function ImportReportView({ report }: { report: ImportReport }) {
  return (
    <div className="import-pins__report" role="status">
      <p>Created: {counts(report.created)}.</p>
      <p>Skipped as already there: {counts(report.skipped)}.</p>
      {report.renamed.length > 0 ? (
        <>
          <p>Renamed:</p>
          <ul>
            {report.renamed.map((r) => (
              <li key={`${r.kind}-${r.owner}-${r.from}-${r.to}`}>
                {r.kind} {r.from} is now {r.to}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {report.failed.length > 0 ? (
        <>
          <p>Failed:</p>
          <ul>
            {report.failed.map((f, index) => (
              <li key={`${index}-${f.what}`}>
                {f.kind} {f.what}: {f.reason}
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
