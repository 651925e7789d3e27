// The local GPS provider (the embedded default): every car with a plan event today reports where the trip
// simulator puts it at this 5-second tick, on the tenant's simulator clock (see simulatorClockMs). Cars are
// given per tenant, so each tenant's driving hours are its own.
import { type GpsFix, type GpsProvider, reportTick, type TrackedCar } from './gps.ts';
import {
  SIMULATOR_SETTINGS,
  type SimulatorSettings,
  simulatorClockMs,
  truckStateAt,
  tripTimeline,
  withNoise,
} from './trip-simulator.ts';

export function simulatedGps(settings: SimulatorSettings = SIMULATOR_SETTINGS): GpsProvider {
  return {
    name: 'simulator',
    locate(cars, now) {
      return Promise.resolve({ fixes: simulateFleet(cars, now, settings), problems: [] });
    },
  };
}

/** One fix per car that has a trip, all recorded at the current tick. */
export function simulateFleet(
  cars: readonly TrackedCar[],
  now: Date,
  settings: SimulatorSettings = SIMULATOR_SETTINGS,
): GpsFix[] {
  const tick = reportTick(now);
  const driven = cars.flatMap((car) =>
    car.trip ? [{ car, trip: car.trip, timeline: tripTimeline(car.trip, settings) }] : [],
  );
  const clockMs = simulatorClockMs(
    driven.map((d) => d.timeline),
    tick.getTime(),
  );
  return driven.map(({ car, trip, timeline }) => {
    const state = truckStateAt(timeline, clockMs);
    const noisy = withNoise(state, trip.seed, tick.getTime(), settings.noiseMetres);
    return {
      tenantId: car.tenantId,
      carId: car.carId,
      depoId: car.depoId,
      recordedAt: tick,
      lat: noisy.lat,
      lng: noisy.lng,
      speedKmh: state.speedKmh,
      heading: state.heading === null ? null : (Math.round(state.heading * 10) / 10) % 360,
    };
  });
}
