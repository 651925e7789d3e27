import { TextField } from '@/shared/ui/form-fields/text-field';
import { isTimeOfDayOrBlank } from '@/shared/dates/time-of-day';
import { TIME_INVALID, type EditorAction, type EditorFields } from '../editor-state';

/** First and last stop arrival, administration and end-of-day administration time, and the duration/last-stop toggle. */
export function RouteTimeFields({
  fields,
  dispatch,
  readOnly,
}: {
  fields: EditorFields;
  dispatch: (action: EditorAction) => void;
  readOnly: boolean;
}) {
  const set = (name: keyof EditorFields) => (value: string) => dispatch({ type: 'field', name, value });
  const byDuration = fields.duration_mode === 'duration';
  const timeError = (text: string) => (isTimeOfDayOrBlank(text) ? undefined : TIME_INVALID);
  return (
    <div className="route-points__times">
      <TextField
        label="First stop arrival time"
        type="time"
        value={fields.first_stop_arrival_time}
        error={timeError(fields.first_stop_arrival_time)}
        onChange={set('first_stop_arrival_time')}
        readOnly={readOnly}
      />
      <fieldset className="route-points__toggle">
        <legend className="field__label">Route end</legend>
        <label>
          <input
            type="radio"
            name="duration_mode"
            checked={byDuration}
            onChange={() => dispatch({ type: 'field', name: 'duration_mode', value: 'duration' })}
          />{' '}
          Route duration
        </label>
        <label>
          <input
            type="radio"
            name="duration_mode"
            checked={!byDuration}
            onChange={() => dispatch({ type: 'field', name: 'duration_mode', value: 'last_stop' })}
          />{' '}
          Last stop time
        </label>
      </fieldset>
      {byDuration ? (
        <TextField
          label="Route duration (hours)"
          type="number"
          inputMode="decimal"
          value={fields.route_duration}
          onChange={set('route_duration')}
          readOnly={readOnly}
        />
      ) : (
        <TextField
          label="Last stop arrival time"
          type="time"
          value={fields.last_stop_arrival_time}
          error={timeError(fields.last_stop_arrival_time)}
          onChange={set('last_stop_arrival_time')}
          readOnly={readOnly}
        />
      )}
      <p className="route-points__computed" data-testid="route-end-computed">
        {byDuration
          ? `Last stop arrival: ${fields.last_stop_arrival_time || '–'}`
          : `Route duration: ${fields.route_duration || '–'} h`}
      </p>
      <TextField
        label="Administration time (hours)"
        type="number"
        inputMode="decimal"
        value={fields.administration_time}
        onChange={set('administration_time')}
        readOnly={readOnly}
      />
      <TextField
        label="EOD administration time (hours)"
        type="number"
        inputMode="decimal"
        value={fields.eod_administration_time}
        onChange={set('eod_administration_time')}
        readOnly={readOnly}
      />
    </div>
  );
}
