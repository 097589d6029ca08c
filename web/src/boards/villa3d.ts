// The 3D view of the villa, with three.js. Loaded by a dynamic import from
// VillaBoard, so only a Villa Paletti match downloads it. World units are
// the spec's millimetres with z up (rules/villa-paletti.md §2).
import * as THREE from 'three';
import { OrbitControls } from 'three/addons/controls/OrbitControls.js';
import type { ColumnScene } from './villa';
import { columnHeight, floorPolygons, floorThickness, foundationRadius, radius, siteRadius, levelHeight, type Point } from './villa-shapes';
import { paint, type ViewProps } from './villa-view';

/** A pointer that moved less than this many pixels between down and up clicked; more is a drag that turns the view. */
const clickSlop = 6;
/** Tilt amplitude in radians for shake bands 0..3 (§6.7): visible, never a number. */
const shakeAmp = [0, 0.003, 0.008, 0.016];
/** Seconds the collapse animation runs before the pieces rest on the ground. */
const fallSeconds = 1.6;
/** Height of the view as a share of its width, and its cap in pixels (the board stays on a phone screen). */
const aspect = 0.9;
const maxHeight = 560;
/** The camera's start: aimed at this height (mm) over the centre, from this point (349 mm away). */
const lookAtZ = -10;
const cameraAt = { x: 179, y: -257, z: 145 };

interface Piece {
  obj: THREE.Object3D;
  /** Collapse motion: sideways drift and spin, seeded by the piece's index. */
  dx: number;
  dy: number;
  spin: number;
  x0: number;
  y0: number;
  z0: number;
}

/** mount draws the villa into host and returns a handle to update and dispose it. */
export function mount(host: HTMLElement, first: ViewProps): { update(p: ViewProps): void; dispose(): void } {
  const renderer = new THREE.WebGLRenderer({ antialias: true, alpha: true });
  renderer.setPixelRatio(Math.min(window.devicePixelRatio, 2));
  const canvas = renderer.domElement;
  canvas.classList.add('villa-canvas');
  host.appendChild(canvas);

  const scene = new THREE.Scene();
  const camera = new THREE.PerspectiveCamera(38, 1, 5, 5000);
  camera.up.set(0, 0, 1);
  // The camera looks down at about 26° on the table's centre (a little under
  // it, so the foundation and the first storey sit in the middle of the
  // picture), from just far enough that the whole foundation fills about
  // nine tenths of its width; a taller villa is a wheel or a pinch away.
  camera.position.set(cameraAt.x, cameraAt.y, cameraAt.z);
  const controls = new OrbitControls(camera, canvas);
  controls.target.set(0, 0, lookAtZ);
  controls.minDistance = 180;
  controls.maxDistance = 900;
  controls.maxPolarAngle = Math.PI * 0.49; // never under the table
  controls.update();

  scene.add(new THREE.HemisphereLight(0xffffff, 0x8a7a66, 1.6));
  const sun = new THREE.DirectionalLight(0xffffff, 1.6);
  sun.position.set(150, -220, 400);
  scene.add(sun);

  const foundation = new THREE.Mesh(
    new THREE.CylinderGeometry(foundationRadius, foundationRadius, 8, 64).rotateX(Math.PI / 2).translate(0, 0, -4),
    new THREE.MeshStandardMaterial({ color: 0x9b7653, roughness: 0.9 }),
  );
  scene.add(foundation);
  const site = new THREE.Mesh(new THREE.CircleGeometry(siteRadius, 64).translate(0, 0, 0.2), new THREE.MeshStandardMaterial({ color: 0x6d4c33, roughness: 1 }));
  scene.add(site);

  const villa = new THREE.Group();
  scene.add(villa);
  const overlay = new THREE.Group(); // targets and the ghost floor: never shaken
  scene.add(overlay);

  const geo = {
    thin: new THREE.CylinderGeometry(radius.thin, radius.thin, columnHeight, 32).rotateX(Math.PI / 2),
    thick: new THREE.CylinderGeometry(radius.thick, radius.thick, columnHeight, 40).rotateX(Math.PI / 2),
    // Two corners on the world x-axis (§2).
    medium: new THREE.CylinderGeometry(radius.medium, radius.medium, columnHeight, 6).rotateX(Math.PI / 2).rotateZ(Math.PI / 2),
  };
  const floorGeo = new Map<string, THREE.ExtrudeGeometry>();
  const floorGeometry = (name: keyof typeof floorPolygons) => {
    let g = floorGeo.get(name);
    if (!g) {
      const shape = new THREE.Shape(floorPolygons[name].map(([x, y]) => new THREE.Vector2(x, y)));
      g = new THREE.ExtrudeGeometry(shape, { depth: floorThickness, bevelEnabled: false });
      floorGeo.set(name, g);
    }
    return g;
  };

  let props = first;
  let built = '';
  let pieces: Piece[] = [];
  let columnMeshes: THREE.Mesh[] = [];
  let surface: THREE.Object3D = site;
  let surfaceZ = 0;
  let fallStart = -1;
  /** Whether the next animation frame must draw. */
  let dirty = true;
  const materials: THREE.Material[] = [];

  const clear = (g: THREE.Group) => {
    for (const c of [...g.children]) {
      g.remove(c);
      if (c instanceof THREE.Mesh || c instanceof THREE.Points) {
        if (!Object.values(geo).includes(c.geometry) && ![...floorGeo.values()].includes(c.geometry as THREE.ExtrudeGeometry)) c.geometry.dispose();
        (c.material as THREE.Material).dispose();
      }
    }
  };

  const build = () => {
    clear(villa);
    for (const m of materials.splice(0)) m.dispose();
    pieces = [];
    columnMeshes = [];
    const s = props.scene;
    const top = s.floors.length;
    s.floors.forEach((f, i) => {
      const mat = new THREE.MeshStandardMaterial({ color: paint[f.name], roughness: 0.7 });
      const mesh = new THREE.Mesh(floorGeometry(f.name), mat);
      mesh.position.set(f.pose.x, f.pose.y, f.bottom);
      mesh.rotation.z = (f.pose.th * Math.PI) / 180;
      mesh.userData = { floor: f.name };
      villa.add(mesh);
      pieces.push({ obj: mesh, dx: Math.cos(i * 2.1) * 60, dy: Math.sin(i * 2.1) * 60, spin: 0.6 + i * 0.25, x0: f.pose.x, y0: f.pose.y, z0: f.bottom });
      if (f.level === top) {
        surface = mesh;
        surfaceZ = f.top;
      }
    });
    if (top === 0) {
      surface = site;
      surfaceZ = 0;
    }
    s.columns.forEach((c: ColumnScene, i) => {
      const mat = new THREE.MeshStandardMaterial({ color: paint[c.colour], roughness: 0.55 });
      const mesh = new THREE.Mesh(geo[c.kind], mat);
      mesh.position.set(c.x, c.y, c.base + columnHeight / 2);
      mesh.userData = { column: c.id, frozen: c.frozen, colour: c.colour };
      villa.add(mesh);
      columnMeshes.push(mesh);
      pieces.push({ obj: mesh, dx: Math.cos(i * 1.7) * 90, dy: Math.sin(i * 1.7) * 90, spin: 1 + (i % 5) * 0.4, x0: c.x, y0: c.y, z0: c.base + columnHeight / 2 });
    });
    fallStart = -1;
  };

  const decorate = () => {
    for (const m of columnMeshes) {
      const id = m.userData.column as string;
      const mat = m.material as THREE.MeshStandardMaterial;
      const on = props.pickable.has(id) || props.removable.has(id);
      mat.emissive.set(props.picked === id ? 0xffffff : on ? 0x555555 : 0x000000);
      mat.emissiveIntensity = props.picked === id ? 0.45 : on ? 0.25 : 0;
      mat.color.set(paint[m.userData.colour as string] ?? 0x888888);
      if (m.userData.frozen) mat.color.lerp(new THREE.Color(0xd8f0ff), 0.5); // frost
    }
    clear(overlay);
    if (props.targets.length > 0) {
      const g = new THREE.BufferGeometry().setFromPoints(props.targets.map((p) => new THREE.Vector3(p.x, p.y, surfaceZ + 0.6)));
      overlay.add(new THREE.Points(g, new THREE.PointsMaterial({ color: 0xffffff, size: 3, sizeAttenuation: true })));
    }
    if (props.chosen) {
      const ring = new THREE.Mesh(new THREE.RingGeometry(3, 5, 24), new THREE.MeshBasicMaterial({ color: 0x111111 }));
      ring.position.set(props.chosen.x, props.chosen.y, surfaceZ + 0.7);
      overlay.add(ring);
    }
    if (props.preview) {
      const f = props.preview;
      const level = props.scene.floors.length + 1;
      const ghost = new THREE.Mesh(
        floorGeometry(f.name),
        new THREE.MeshStandardMaterial({ color: paint[f.name], transparent: true, opacity: 0.4, depthWrite: false }),
      );
      ghost.position.set(f.pose.x, f.pose.y, levelHeight(level) - floorThickness);
      ghost.rotation.z = (f.pose.th * Math.PI) / 180;
      overlay.add(ghost);
    }
  };

  // The viewer's flip walks the camera half way round the villa.
  let turned = false;
  const update = (p: ViewProps) => {
    props = p;
    if ((p.flipped ?? false) !== turned) {
      turned = p.flipped ?? false;
      const t = controls.target;
      camera.position.set(2 * t.x - camera.position.x, 2 * t.y - camera.position.y, camera.position.z);
      controls.update();
    }
    const key = JSON.stringify([p.scene.floors.map((f) => f.pose), p.scene.columns]);
    if (key !== built) {
      build();
      built = key;
    }
    decorate();
    dirty = true;
  };

  // Picking: a short press picks, a drag turns the view (OrbitControls).
  const ray = new THREE.Raycaster();
  let down: { x: number; y: number } | null = null;
  const onDown = (e: PointerEvent) => {
    down = { x: e.clientX, y: e.clientY };
  };
  const onUp = (e: PointerEvent) => {
    if (!down || Math.hypot(e.clientX - down.x, e.clientY - down.y) > clickSlop) return;
    down = null;
    const r = canvas.getBoundingClientRect();
    ray.setFromCamera(new THREE.Vector2(((e.clientX - r.left) / r.width) * 2 - 1, -((e.clientY - r.top) / r.height) * 2 + 1), camera);
    const plane = new THREE.Plane(new THREE.Vector3(0, 0, 1), -surfaceZ);
    const onPlane = ray.ray.intersectPlane(plane, new THREE.Vector3());
    const planePoint: Point | null = onPlane ? { x: onPlane.x, y: onPlane.y } : null;
    // Lower floors do not stop the ray: a column under a floor can be
    // picked through it. The top surface does stop it while a column is
    // picked, since a click there places.
    const hits = ray.intersectObjects([...columnMeshes, surface], false);
    const first = hits[0];
    const columnOf = (h: THREE.Intersection | undefined) => (typeof h?.object.userData.column === 'string' ? (h.object.userData.column as string) : null);
    if (!first) return;
    const id = columnOf(first);
    if (id !== null) {
      props.onColumn(id, planePoint);
      return;
    }
    if (props.picked !== null && planePoint) {
      props.onSurface(planePoint);
      return;
    }
    const through = hits.map(columnOf).find((c) => c !== null && (props.pickable.has(c) || props.removable.has(c)));
    if (through) props.onColumn(through, planePoint);
  };
  canvas.addEventListener('pointerdown', onDown);
  canvas.addEventListener('pointerup', onUp);

  const resize = () => {
    const w = Math.max(1, host.clientWidth);
    const h = Math.min(maxHeight, Math.round(w * aspect));
    renderer.setSize(w, h);
    camera.aspect = w / h;
    camera.updateProjectionMatrix();
    dirty = true;
  };
  const observer = new ResizeObserver(resize);
  observer.observe(host);
  resize();

  // Where a world point (mm) appears on the page, in CSS pixels: lets a
  // test or an assistive tool aim at a column or a target.
  Object.assign(host, {
    villaProject: (x: number, y: number, z: number) => {
      const v = new THREE.Vector3(x, y, z).project(camera);
      const r = canvas.getBoundingClientRect();
      return { x: r.left + ((v.x + 1) / 2) * r.width, y: r.top + ((1 - v.y) / 2) * r.height };
    },
  });

  // Render on demand: a frame when the view turns or the scene changes,
  // every frame only while the villa shakes or falls (software WebGL on a
  // phone or in CI should not spin for a still picture).
  const invalidate = () => {
    dirty = true;
  };
  controls.addEventListener('change', invalidate);
  const clock = new THREE.Clock();
  let frame = 0;
  const loop = () => {
    frame = requestAnimationFrame(loop);
    const t = clock.getElapsedTime();
    const amp = shakeAmp[props.shake] ?? 0;
    const falling = props.collapse && (fallStart < 0 || t - fallStart <= fallSeconds);
    if (!dirty && amp === 0 && !falling) return;
    dirty = false;
    villa.rotation.x = amp * Math.sin(t * 23);
    villa.rotation.y = amp * Math.sin(t * 17 + 1);
    if (props.collapse) {
      if (fallStart < 0) fallStart = t;
      const k = Math.min(1, (t - fallStart) / fallSeconds);
      const e = k * k; // accelerating, as a fall does
      for (const p of pieces) {
        p.obj.position.set(p.x0 + p.dx * e, p.y0 + p.dy * e, Math.max(3, p.z0 * (1 - e)));
        p.obj.rotation.x = p.spin * e;
      }
      villa.rotation.set(0, 0, 0);
    }
    renderer.render(scene, camera);
  };
  update(first);
  loop();

  return {
    update,
    dispose() {
      cancelAnimationFrame(frame);
      observer.disconnect();
      canvas.removeEventListener('pointerdown', onDown);
      canvas.removeEventListener('pointerup', onUp);
      controls.removeEventListener('change', invalidate);
      controls.dispose();
      clear(villa);
      clear(overlay);
      for (const g of [...Object.values(geo), ...floorGeo.values()]) g.dispose();
      renderer.dispose();
      canvas.remove();
    },
  };
}
