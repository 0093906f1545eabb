// The options page: the address of the Corkboard instance to pin to, in the browser's language
// (`_locales/`: each element marked `data-message` says its message).

import { saveInstance, savedInstance } from './instance';

const form = document.getElementById('options') as HTMLFormElement;
const input = document.getElementById('instance') as HTMLInputElement;
const status = document.getElementById('status') as HTMLParagraphElement;

document.documentElement.lang = chrome.i18n.getUILanguage();
for (const element of document.querySelectorAll<HTMLElement>('[data-message]')) {
  element.textContent = chrome.i18n.getMessage(element.dataset.message ?? '');
}

void savedInstance().then((instance) => {
  if (instance) input.value = instance;
});

form.addEventListener('submit', (event) => {
  event.preventDefault();
  void saveInstance(input.value).then((saved) => {
    status.textContent = saved ? chrome.i18n.getMessage('saved', saved) : chrome.i18n.getMessage('badAddress');
  });
});
