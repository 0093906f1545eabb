// The options page: the address of the Corkboard instance to pin to.

import { saveInstance, savedInstance } from './instance';

const form = document.getElementById('options') as HTMLFormElement;
const input = document.getElementById('instance') as HTMLInputElement;
const status = document.getElementById('status') as HTMLParagraphElement;

void savedInstance().then((instance) => {
  if (instance) input.value = instance;
});

form.addEventListener('submit', (event) => {
  event.preventDefault();
  void saveInstance(input.value).then((saved) => {
    status.textContent = saved ? `Saved: pictures go to ${saved}.` : 'Please give an address starting with https:// or http://.';
  });
});
