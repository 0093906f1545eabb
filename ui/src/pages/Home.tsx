// '/': the 'Last pins' list with its total count, 50 pins a page, newest first; on an instance
// without accounts, what to do first (FirstRun).

import { useSignUpState } from '../api/admin';
import { countLabel } from '../api/boards';
import { useMe } from '../api/me';
import { useLastPins } from '../api/pinLists';
import { PinList } from '../components/pins/PinList';
import { HOME_PATH } from '../lib/paths';
import { FirstRun } from './FirstRun';

export function Home() {
  const list = useLastPins();
  const { me, isLoading } = useMe();
  const visitor = !isLoading && !me;
  const { signUp } = useSignUpState(null, visitor);
  if (visitor && signUp?.firstAccount) return <FirstRun signUp={signUp} />;
  return (
    <section aria-labelledby="home-title">
      <div className="page-heading">
        <h1 id="home-title">Last pins</h1>
        {list.totalCount !== null ? <p className="page-heading__count">{countLabel(list.totalCount, 'pin')}</p> : null}
      </div>
      <PinList list={list} base={HOME_PATH} />
    </section>
  );
}
