import { describe, expect, it } from 'vitest';
import { createScreenSharePicker, type PickerAnswer } from '../src/screen-share.js';

interface FakeSource {
  id: string;
  name: string;
}

const screen1 = { id: 'screen:1:0', name: 'Весь экран' };
const editor = { id: 'window:42:0', name: 'Редактор' };

describe('screen share picker', () => {
  it('answers the request with the chosen offered source', () => {
    const picker = createScreenSharePicker<FakeSource>({ audioAvailable: true });
    const answers: PickerAnswer<FakeSource>[] = [];
    const requestId = picker.open([screen1, editor], (answer) => answers.push(answer));
    expect(picker.choose({ requestId, sourceId: editor.id, audio: true })).toBe(true);
    expect(answers).toEqual([{ source: editor, audio: true }]);
    // Answered once: a replay of the same choice does nothing.
    expect(picker.choose({ requestId, sourceId: editor.id, audio: true })).toBe(false);
    expect(answers).toHaveLength(1);
  });

  it('never captures audio where the OS cannot, and cancels on «Отмена»', () => {
    const picker = createScreenSharePicker<FakeSource>({ audioAvailable: false });
    const answers: PickerAnswer<FakeSource>[] = [];
    const first = picker.open([screen1], (answer) => answers.push(answer));
    picker.choose({ requestId: first, sourceId: screen1.id, audio: true });
    const second = picker.open([screen1], (answer) => answers.push(answer));
    picker.choose({ requestId: second, sourceId: null, audio: false });
    expect(answers).toEqual([{ source: screen1, audio: false }, null]);
  });

  it('refuses a source that was not offered and cancels that request', () => {
    const picker = createScreenSharePicker<FakeSource>({ audioAvailable: true });
    const answers: PickerAnswer<FakeSource>[] = [];
    const requestId = picker.open([screen1], (answer) => answers.push(answer));
    expect(picker.choose({ requestId, sourceId: 'window:999:0', audio: false })).toBe(false);
    expect(answers).toEqual([null]);
    expect(picker.pendingCount()).toBe(0);
  });

  it('a new request cancels the open one, and closing the window cancels everything', () => {
    const picker = createScreenSharePicker<FakeSource>({ audioAvailable: true });
    const answers: string[] = [];
    picker.open([screen1], (answer) => answers.push(answer === null ? 'first cancelled' : 'first'));
    picker.open([editor], (answer) => answers.push(answer === null ? 'second cancelled' : 'second'));
    expect(answers).toEqual(['first cancelled']);
    picker.cancelAll();
    expect(answers).toEqual(['first cancelled', 'second cancelled']);
  });
});
