// TCFields edits a time control: no clock, Fischer (base minutes and
// increment seconds, any within the server's bounds) or correspondence
// (days a move).
import { t } from './app-state';
import { bounds, type TCForm } from './seeks';

export function TCFields({ value, onChange, none = true, name }: { value: TCForm; onChange: (v: TCForm) => void; none?: boolean; name: string }) {
  const set = (patch: Partial<TCForm>) => onChange({ ...value, ...patch });
  return (
    <fieldset class="tc-fields" data-tc={name}>
      <legend>{t('lobby.time')}</legend>
      <label>
        {t('tc.kind')}
        <select name={`${name}.kind`} value={value.kind} onChange={(e) => set({ kind: (e.currentTarget as HTMLSelectElement).value as TCForm['kind'] })}>
          {none && <option value="none">{t('lobby.time.none')}</option>}
          <option value="fischer">{t('tc.kind.fischer')}</option>
          <option value="correspondence">{t('tc.kind.corr')}</option>
        </select>
      </label>
      {value.kind === 'fischer' && (
        <div class="tc-row">
          <label>
            {t('tc.base')}
            <input type="number" inputMode="decimal" name={`${name}.base`} min={0.1} max={bounds.maxBaseMin} step="any" value={value.baseMin} onInput={(e) => set({ baseMin: (e.currentTarget as HTMLInputElement).value })} />
          </label>
          <label>
            {t('tc.inc')}
            <input type="number" inputMode="numeric" name={`${name}.inc`} min={0} max={bounds.maxIncS} step={1} value={value.incS} onInput={(e) => set({ incS: (e.currentTarget as HTMLInputElement).value })} />
          </label>
        </div>
      )}
      {value.kind === 'correspondence' && (
        <label>
          {t('tc.days')}
          <input type="number" inputMode="numeric" name={`${name}.days`} min={1} max={bounds.maxDays} step={1} value={value.days} onInput={(e) => set({ days: (e.currentTarget as HTMLInputElement).value })} />
        </label>
      )}
      <p class="hint muted">{t('tc.bounds', { base: bounds.maxBaseMin / 60, inc: bounds.maxIncS / 60, days: bounds.maxDays })}</p>
    </fieldset>
  );
}
