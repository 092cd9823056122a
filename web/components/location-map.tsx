import 'leaflet/dist/leaflet.css';
import { Box } from '@mantine/core';
import L from 'leaflet';
import markerIcon from 'leaflet/dist/images/marker-icon.png';
import markerIcon2x from 'leaflet/dist/images/marker-icon-2x.png';
import markerShadow from 'leaflet/dist/images/marker-shadow.png';
import { useEffect, useMemo } from 'react';
import { MapContainer, Marker, TileLayer, useMap, useMapEvents } from 'react-leaflet';
import type { Coordinates } from '../../common/contracts/location';
import { usePublicConfig } from '../lib/public-config';

const ATTRIBUTION = '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a>';

// Leaflet finds its marker images by a path guessed from its CSS, which a bundler breaks; name them.
const markerIconOptions = new L.Icon({
  iconUrl: markerIcon,
  iconRetinaUrl: markerIcon2x,
  shadowUrl: markerShadow,
  iconSize: [25, 41],
  iconAnchor: [12, 41],
  shadowSize: [41, 41],
});

/** Where the map looks and what it shows (a change of `focusKey` moves the view there). */
export interface LocationMapProps {
  center: Coordinates;
  zoom: number;
  marker: Coordinates | null;
  /** [south, west, north, east]: fitted instead of center/zoom when given. */
  viewport?: readonly [number, number, number, number] | null;
  /** Moves the view when it changes (a chosen address), not on every marker drag. */
  focusKey?: string;
  draggable?: boolean;
  onMarkerChange?: (point: Coordinates) => void;
  onZoomChange?: (zoom: number) => void;
  label: string;
  height?: number;
}

/**
 * A Leaflet map with OpenStreetMap tiles and one marker. It works without tiles (no network: a grey
 * map with the marker); the wheel does not hijack page scrolling; it is one labelled tab stop.
 */
export function LocationMap({
  center,
  zoom,
  marker,
  viewport,
  focusKey,
  draggable = false,
  onMarkerChange,
  onZoomChange,
  label,
  height = 260,
}: LocationMapProps) {
  // The tiles come from the server the configuration names, once it has said which: a guess meanwhile sent
  // the first requests of an instance with its own tile server to another company's.
  const tileUrl = usePublicConfig()?.mapTileUrl;
  return (
    <Box
      h={height}
      style={{
        borderRadius: 'var(--mantine-radius-md)',
        overflow: 'hidden',
        position: 'relative',
        zIndex: 0,
      }}
      data-testid="location-map"
    >
      <MapContainer
        center={[center.lat, center.lng]}
        zoom={zoom}
        scrollWheelZoom={false}
        style={{ height: '100%', width: '100%' }}
        attributionControl
      >
        {tileUrl && <TileLayer url={tileUrl} attribution={ATTRIBUTION} />}
        {marker && (
          <DraggableMarker point={marker} draggable={draggable} onChange={onMarkerChange} label={label} />
        )}
        <MapBehaviour
          center={center}
          zoom={zoom}
          viewport={viewport}
          focusKey={focusKey}
          label={label}
          onClick={draggable ? onMarkerChange : undefined}
          onZoomChange={onZoomChange}
        />
      </MapContainer>
    </Box>
  );
}

function DraggableMarker({
  point,
  draggable,
  onChange,
  label,
}: {
  point: Coordinates;
  draggable: boolean;
  onChange?: (point: Coordinates) => void;
  label: string;
}) {
  const handlers = useMemo(
    () => ({
      dragend(event: L.LeafletEvent) {
        const { lat, lng } = (event.target as L.Marker).getLatLng();
        onChange?.({ lat: round(lat), lng: round(lng) });
      },
    }),
    [onChange],
  );
  return (
    <Marker
      position={[point.lat, point.lng]}
      draggable={draggable}
      eventHandlers={handlers}
      icon={markerIconOptions}
      // The marker is not a tab stop of its own: keyboard users set the place by its address.
      keyboard={false}
      title={label}
      alt={label}
    />
  );
}

/** Moves the view when the focus changes, reports clicks and zooms, and names the map for screen readers. */
function MapBehaviour({
  center,
  zoom,
  viewport,
  focusKey,
  label,
  onClick,
  onZoomChange,
}: {
  center: Coordinates;
  zoom: number;
  viewport?: readonly [number, number, number, number] | null;
  focusKey?: string;
  label: string;
  onClick?: (point: Coordinates) => void;
  onZoomChange?: (zoom: number) => void;
}) {
  const map = useMap();
  useMapEvents({
    click(event) {
      onClick?.({ lat: round(event.latlng.lat), lng: round(event.latlng.lng) });
    },
    zoomend() {
      onZoomChange?.(map.getZoom());
    },
  });
  useEffect(() => {
    map.getContainer().setAttribute('aria-label', label);
    map.getContainer().setAttribute('role', 'region');
  }, [map, label]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new focus (a chosen address) moves the view
  useEffect(() => {
    if (viewport) {
      const [south, west, north, east] = viewport;
      map.fitBounds(
        [
          [south, west],
          [north, east],
        ],
        { maxZoom: 17 },
      );
    } else {
      map.setView([center.lat, center.lng], zoom);
    }
  }, [map, focusKey]);
  return null;
}

/** Seven decimals are about a centimetre: more is noise. */
function round(value: number): number {
  return Math.round(value * 1e7) / 1e7;
}
