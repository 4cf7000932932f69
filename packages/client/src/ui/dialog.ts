// An in-page confirmation (instead of the browser's confirm()): a modal <dialog>, which
// keeps the focus inside, closes on Escape and reads as a dialog to screen readers. Resolves true on confirm.
import { h } from './dom.js';

export interface ConfirmOptions {
  title: string;
  text: string;
  confirm: string;
  cancel?: string;
  danger?: boolean;
  id?: string;
}

export function confirmDialog(o: ConfirmOptions): Promise<boolean> {
  return new Promise((resolve) => {
    const yes = h(`button.${o.danger ? 'danger' : 'primary'}`, { id: `${o.id ?? 'dialog'}-confirm` }, o.confirm);
    const no = h('button', { id: `${o.id ?? 'dialog'}-cancel` }, o.cancel ?? 'Cancel');
    const dlg = h(
      'dialog.confirm-dialog',
      { id: o.id ?? 'dialog', 'aria-labelledby': 'dialog-title', 'aria-describedby': 'dialog-text' },
      h('h2#dialog-title', null, o.title),
      h('p#dialog-text', null, o.text),
      h('div.row.dialog-actions', null, no, yes),
    );
    let answered = false;
    const done = (v: boolean) => {
      if (answered) return;
      answered = true;
      dlg.close();
      dlg.remove();
      resolve(v);
    };
    yes.addEventListener('click', () => done(true));
    no.addEventListener('click', () => done(false));
    dlg.addEventListener('close', () => done(false));
    document.body.append(dlg);
    dlg.showModal();
    // The safe choice has the focus: Enter on a stray key press does not concede.
    no.focus();
  });
}
