/** The browser's position, or null when it is refused, unavailable or too slow. */
export function currentPosition(timeoutMs = 10_000): Promise<{ lat: number; long: number } | null> {
  return new Promise((resolve) => {
    if (typeof navigator === "undefined" || !navigator.geolocation) return resolve(null);
    navigator.geolocation.getCurrentPosition(
      (position) => resolve({ lat: position.coords.latitude, long: position.coords.longitude }),
      () => resolve(null),
      { timeout: timeoutMs, maximumAge: 600_000 },
    );
  });
}
