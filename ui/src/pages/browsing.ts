// The pages one browses from the home page (boards, folders, pins, people, search): one chunk,
// loaded when the first of them opens. A chunk a page made esbuild split the code they share
// into a chunk for each set of pages sharing it: 23 scripts on every first load, each a request.
export { BoardPage } from './boards/BoardPage';
export { FolderPage } from './boards/FolderPage';
export { UserBoards } from './boards/UserBoards';
export { UserFolders } from './boards/UserFolders';
export { LightboxPage } from './pins/LightboxPage';
export { PinPage } from './pins/PinPage';
export { SearchPage } from './pins/SearchPage';
export { SharedBoardPage } from './shared/SharedBoardPage';
export { SharedLightboxPage, SharedPinPage } from './shared/SharedPinPage';
export { UserPage } from './UserPage';
