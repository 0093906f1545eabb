// The pin adding flow (spec, section 4): choose the origin, download from the web or upload from
// the computer, then the clones dialog when the viewer already has that picture (or a
// near-duplicate of it), else the
// create-pin form. A failed web download goes to the scan route. The target board (from a board
// page, or the scan route's targetBoardID) comes preselected.

import { useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import type { TempPin } from '../../api/generated/graphql';
import { scanPath } from '../../lib/paths';
import type { PinSuggestion } from '../../lib/pinDraft';
import { BatchUploadModal } from './BatchUpload';
import { ClonesModal } from './ClonesModal';
import { CreatePinModal } from './CreatePinModal';
import { OriginModal, UploadPinModal, WebPinModal } from './OriginModals';

type Step =
  | { kind: 'origin' }
  | { kind: 'web' }
  | { kind: 'upload' }
  | { kind: 'batch'; files: File[] }
  | { kind: 'clones'; temp: TempPin }
  | { kind: 'create'; temp: TempPin };

interface Flow {
  step: Step;
  targetBoardID: string | null;
  /** What the page the picture came from suggests for the new pin. */
  suggestion: PinSuggestion | null;
}

export interface PinFlow {
  /** Opens the origin choice. */
  start: (targetBoardID: string | null) => void;
  /** Goes on with a downloaded or uploaded file: the clones dialog, or the create-pin form. */
  proceed: (temp: TempPin, targetBoardID: string | null, suggestion?: PinSuggestion | null) => void;
  /** The open dialog, if any: render it once, anywhere. */
  element: ReactNode;
}

const afterFile = (temp: TempPin): Step =>
  temp.clones.length + temp.nearDuplicates.length > 0 ? { kind: 'clones', temp } : { kind: 'create', temp };

export function usePinFlow(): PinFlow {
  const [flow, setFlow] = useState<Flow | null>(null);
  const navigate = useNavigate();
  const close = () => setFlow(null);
  const go = (step: Step) => setFlow((current) => current && { ...current, step });

  const render = ({ step, targetBoardID, suggestion }: Flow): ReactNode => {
    switch (step.kind) {
      case 'origin':
        return <OriginModal onClose={close} onWeb={() => go({ kind: 'web' })} onComputer={() => go({ kind: 'upload' })} />;
      case 'web':
        return (
          <WebPinModal
            onClose={close}
            onDownloaded={(temp) => go(afterFile(temp))}
            onFailed={(url) => {
              close();
              void navigate(scanPath(url, targetBoardID));
            }}
          />
        );
      case 'upload':
        return (
          <UploadPinModal onClose={close} onUploaded={(temp) => go(afterFile(temp))} onMany={(files) => go({ kind: 'batch', files })} />
        );
      case 'batch':
        return <BatchUploadModal files={step.files} targetBoardID={targetBoardID} onClose={close} />;
      case 'clones':
        return (
          <ClonesModal temp={step.temp} targetBoardID={targetBoardID} onClose={close} onContinue={() => go({ kind: 'create', temp: step.temp })} />
        );
      case 'create':
        return <CreatePinModal temp={step.temp} targetBoardID={targetBoardID} suggestion={suggestion} onClose={close} />;
    }
  };

  return {
    start: (targetBoardID) => setFlow({ step: { kind: 'origin' }, targetBoardID, suggestion: null }),
    proceed: (temp, targetBoardID, suggestion = null) => setFlow({ step: afterFile(temp), targetBoardID, suggestion }),
    element: flow ? render(flow) : null,
  };
}
