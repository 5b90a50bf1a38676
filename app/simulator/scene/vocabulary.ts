/**
 * The scene element vocabulary: which attributes each element takes (with their quantity and whether they are
 * required) and which children it may contain. Modelled on SimRobot's 3-D vocabulary in both flavours: the MuJoCo
 * `.ros3` of B-Human's 2025 code release and the ODE-era `.ros2`. Attributes and elements that only ODE had are
 * marked `ode`: a `.ros2` file may use them (the ignored ones cost one warning per name), a `.ros3` file may not.
 */
import type { Quantity } from './units';

/** How an attribute value is interpreted. */
export type AttributeKind = Quantity | 'string' | 'bool' | 'color' | 'href';

/** One attribute: its kind and whether it must be present. */
export interface AttributeSpec {
  kind: AttributeKind;
  required?: boolean;
  /** ODE-only tuning (CFM, ERP, slip, …): accepted in `.ros2` files, dropped with a warning, unknown in `.ros3`. */
  ode?: boolean;
}

/** One element type. */
export interface ElementSpec {
  attributes: Record<string, AttributeSpec>;
  /** Child element types allowed any number of times. */
  repeatable: readonly string[];
  /** Child element types allowed at most once (the first occurrence wins after `ref` merging). */
  optional: readonly string[];
  /** Child classes of which at least one element must be present, e.g. a Body needs a mass. */
  required: readonly (readonly string[])[];
  /**
   * `'ode'`: the element exists only in the ODE-era `.ros2` vocabulary; `'odeIgnored'`: same, and it is dropped
   * with a warning because MuJoCo has no counterpart (QuickSolver). Absent: both flavours.
   */
  flavour?: 'ode' | 'odeIgnored';
  /** The element carries whitespace-separated numbers as text (mesh data). */
  numericText?: boolean;
}

/** Element classes, as in SimRobot's scene description. */
export const CLASSES = {
  joint: ['Hinge', 'Slider'],
  mass: ['Mass', 'BoxMass', 'SphereMass', 'CapsuleMass', 'CylinderMass', 'InertiaMatrixMass'],
  geometry: ['Geometry', 'BoxGeometry', 'SphereGeometry', 'CylinderGeometry', 'CapsuleGeometry', 'TorusGeometry'],
  appearance: [
    'Appearance',
    'BoxAppearance',
    'SphereAppearance',
    'CylinderAppearance',
    'CapsuleAppearance',
    'ComplexAppearance',
  ],
  light: ['DirLight', 'PointLight', 'SpotLight'],
  motor: ['ServoMotor', 'VelocityMotor', 'PT2Motor'],
  internalSensor: ['Gyroscope', 'Accelerometer', 'CollisionSensor'],
  externalSensor: [
    'Camera',
    'ObjectSegmentedImageSensor',
    'SingleDistanceSensor',
    'ApproxDistanceSensor',
    'DepthImageSensor',
  ],
  meshData: ['Vertices', 'Normals', 'TexCoords', 'Triangles', 'Quads'],
} as const;

const req = (kind: AttributeKind): AttributeSpec => ({ kind, required: true });
const opt = (kind: AttributeKind): AttributeSpec => ({ kind });
const ode = (kind: AttributeKind): AttributeSpec => ({ kind, ode: true });
const pose = ['Translation', 'Rotation'] as const;
const named = { name: opt('string') };
const color = { diffuseColor: req('color'), ambientColor: opt('color'), specularColor: opt('color') };

function element(
  attributes: Record<string, AttributeSpec>,
  repeatable: readonly string[] = [],
  optional: readonly string[] = [],
  required: readonly (readonly string[])[] = [],
  extra: Pick<ElementSpec, 'flavour' | 'numericText'> = {},
): ElementSpec {
  return {
    attributes: Object.assign(Object.create(null) as Record<string, AttributeSpec>, attributes),
    repeatable,
    optional,
    required,
    ...extra,
  };
}

const bodyLike = [
  'Set',
  ...CLASSES.joint,
  ...CLASSES.appearance,
  ...CLASSES.geometry,
  ...CLASSES.externalSensor,
  'UserInput',
];
const massSizes = { name: opt('string'), value: req('mass') };
const geomColor = { name: opt('string'), color: opt('color') };
const geometryChildren = ['Set', ...CLASSES.geometry];
const appearanceChildren = ['Set', ...CLASSES.appearance];
const sensorSize = {
  name: opt('string'),
  imageWidth: req('number'),
  imageHeight: req('number'),
  angleX: req('angle'),
  angleY: req('angle'),
};
const lightColors = { diffuseColor: opt('color'), ambientColor: opt('color'), specularColor: opt('color') };
const pointLight = {
  ...lightColors,
  x: opt('length'),
  y: opt('length'),
  z: opt('length'),
  constantAttenuation: opt('number'),
  linearAttenuation: opt('number'),
  quadraticAttenuation: opt('number'),
};

/** Every element type a scene may contain. */
// No prototype: element and attribute names come from files (`<constructor>` must be unknown).
export const VOCABULARY: Record<string, ElementSpec> = Object.assign(
  Object.create(null) as Record<string, ElementSpec>,
  {
    Simulation: element({}, [
      'Include',
      'Set',
      'Scene',
      'Compound',
      'Body',
      'Material',
      'Surface',
      ...CLASSES.joint,
      ...CLASSES.mass,
      ...CLASSES.geometry,
      ...CLASSES.appearance,
      ...CLASSES.light,
      ...CLASSES.motor,
      ...CLASSES.internalSensor,
      ...CLASSES.externalSensor,
      ...CLASSES.meshData,
      'UserInput',
    ]),
    Include: element({ href: req('href') }),
    Set: element({ name: req('string'), value: req('string') }),
    Scene: element(
      {
        name: opt('string'),
        controller: opt('string'),
        color: opt('color'),
        stepLength: opt('time'),
        gravity: opt('acceleration'),
        background: opt('string'),
        CFM: ode('number'),
        ERP: ode('number'),
        contactSoftERP: ode('number'),
        contactSoftCFM: ode('number'),
        slip1: ode('number'),
        slip2: ode('number'),
        bodyCollisions: ode('bool'),
      },
      ['Set', 'Body', 'Compound', ...CLASSES.light, 'UserInput'],
      ['QuickSolver'],
    ),
    QuickSolver: element({ iterations: ode('number'), skip: ode('number') }, [], [], [], { flavour: 'odeIgnored' }),
    Compound: element(
      named,
      [
        'Set',
        ...CLASSES.joint,
        'Compound',
        'Body',
        ...CLASSES.appearance,
        ...CLASSES.geometry,
        ...CLASSES.externalSensor,
        'UserInput',
      ],
      pose,
    ),
    Body: element(
      { ...named, collideWithParent: ode('bool') },
      [...bodyLike, ...CLASSES.mass, ...CLASSES.internalSensor],
      pose,
      [CLASSES.mass],
    ),
    Translation: element({ x: opt('length'), y: opt('length'), z: opt('length') }),
    Rotation: element({ x: opt('angle'), y: opt('angle'), z: opt('angle') }),
    Hinge: element(named, ['Set'], [...pose, 'Body', 'Axis'], [['Body'], ['Axis']]),
    Slider: element(named, ['Set'], [...pose, 'Body', 'Axis'], [['Body'], ['Axis']]),
    Axis: element(
      { x: opt('number'), y: opt('number'), z: opt('number'), cfm: ode('number') },
      ['Set'],
      [...CLASSES.motor, 'Deflection'],
    ),
    Deflection: element({
      min: req('string'),
      max: req('string'),
      init: opt('string'),
      isActive: opt('bool'),
      stopCFM: ode('number'),
      stopERP: ode('number'),
    }),
    ServoMotor: element({
      maxVelocity: req('string'),
      maxForce: req('force'),
      p: req('number'),
      i: opt('number'),
      d: opt('number'),
      delay: opt('time'),
      fudgeFactor: ode('number'),
      minFeedbackForce: ode('number'),
      maxFeedbackForce: ode('number'),
      maxPositionDiff: ode('number'),
      maxForceGrowth: ode('number'),
      isNaoMotor: ode('bool'),
    }),
    VelocityMotor: element({ maxVelocity: req('string'), maxForce: req('force') }),
    PT2Motor: element({ T: req('number'), D: req('number'), K: req('number'), V: req('number'), F: req('number') }),
    Mass: element(named, ['Set', ...CLASSES.mass], pose),
    BoxMass: element(
      { ...massSizes, width: req('length'), height: req('length'), depth: req('length') },
      ['Set', ...CLASSES.mass],
      pose,
    ),
    SphereMass: element({ ...massSizes, radius: req('length') }, ['Set', ...CLASSES.mass], pose),
    CapsuleMass: element(
      { ...massSizes, radius: req('length'), height: req('length') },
      ['Set', ...CLASSES.mass],
      pose,
    ),
    CylinderMass: element(
      { ...massSizes, radius: req('length'), height: req('length') },
      ['Set', ...CLASSES.mass],
      pose,
    ),
    InertiaMatrixMass: element(
      {
        ...massSizes,
        x: opt('length'),
        y: opt('length'),
        z: opt('length'),
        ixx: req('inertia'),
        ixy: opt('inertia'),
        ixz: opt('inertia'),
        iyy: req('inertia'),
        iyz: opt('inertia'),
        izz: req('inertia'),
      },
      ['Set', ...CLASSES.mass],
      pose,
    ),
    Geometry: element(named, geometryChildren, [...pose, 'Material']),
    BoxGeometry: element(
      { ...geomColor, width: req('length'), height: req('length'), depth: req('length') },
      geometryChildren,
      [...pose, 'Material'],
    ),
    SphereGeometry: element({ ...geomColor, radius: req('length') }, geometryChildren, [...pose, 'Material']),
    CylinderGeometry: element({ ...geomColor, radius: req('length'), height: req('length') }, geometryChildren, [
      ...pose,
      'Material',
    ]),
    CapsuleGeometry: element({ ...geomColor, radius: req('length'), height: req('length') }, geometryChildren, [
      ...pose,
      'Material',
    ]),
    TorusGeometry: element(
      { ...geomColor, majorRadius: req('length'), minorRadius: req('length') },
      geometryChildren,
      [...pose, 'Material'],
      [],
      { flavour: 'ode' },
    ),
    Material: element(named, ['Set', 'Friction', 'RollingFriction', 'Restitution']),
    Friction: element({ material: req('string'), value: req('number') }),
    RollingFriction: element({ material: req('string'), value: req('number') }),
    // Not in SimRobot (MuJoCo/ODE derive bounciness elsewhere): Pitchside's physics needs a coefficient of restitution.
    Restitution: element({ material: req('string'), value: req('number') }),
    Appearance: element(named, appearanceChildren, pose),
    BoxAppearance: element(
      { name: opt('string'), width: req('length'), height: req('length'), depth: req('length') },
      appearanceChildren,
      [...pose, 'Surface'],
      [['Surface']],
    ),
    SphereAppearance: element(
      { name: opt('string'), radius: req('length') },
      appearanceChildren,
      [...pose, 'Surface'],
      [['Surface']],
    ),
    CylinderAppearance: element(
      { name: opt('string'), radius: req('length'), height: req('length') },
      appearanceChildren,
      [...pose, 'Surface'],
      [['Surface']],
    ),
    CapsuleAppearance: element(
      { name: opt('string'), radius: req('length'), height: req('length') },
      appearanceChildren,
      [...pose, 'Surface'],
      [['Surface']],
    ),
    ComplexAppearance: element(
      { name: opt('string') },
      [...appearanceChildren, 'Triangles', 'Quads'],
      [...pose, 'Surface', 'Vertices', 'Normals', 'TexCoords'],
      [['Surface'], ['Vertices'], ['Triangles', 'Quads']],
    ),
    Vertices: element({ name: opt('string'), unit: opt('string') }, [], [], [], { numericText: true }),
    Normals: element({ name: opt('string') }, [], [], [], { numericText: true }),
    TexCoords: element({ name: opt('string') }, [], [], [], { numericText: true }),
    Triangles: element({ name: opt('string') }, [], [], [], { numericText: true }),
    Quads: element({ name: opt('string') }, [], [], [], { numericText: true }),
    Surface: element({
      name: opt('string'),
      ...color,
      emissionColor: opt('color'),
      shininess: opt('number'),
      diffuseTexture: opt('string'),
    }),
    DirLight: element({ ...lightColors, x: opt('number'), y: opt('number'), z: opt('number') }),
    PointLight: element(pointLight),
    SpotLight: element({
      ...pointLight,
      dirX: opt('number'),
      dirY: opt('number'),
      dirZ: opt('number'),
      cutoff: opt('number'),
    }),
    Gyroscope: element(named, [], pose),
    Accelerometer: element(named, [], pose),
    CollisionSensor: element(named, CLASSES.geometry, pose),
    Camera: element(sensorSize, [], pose),
    ObjectSegmentedImageSensor: element(sensorSize, [], pose),
    SingleDistanceSensor: element({ name: opt('string'), min: opt('length'), max: opt('length') }, [], pose),
    ApproxDistanceSensor: element(
      { name: opt('string'), min: opt('length'), max: opt('length'), angleX: req('angle'), angleY: req('angle') },
      [],
      pose,
      [],
      { flavour: 'ode' },
    ),
    DepthImageSensor: element(
      { ...sensorSize, imageHeight: opt('number'), min: opt('length'), max: opt('length'), projection: opt('string') },
      [],
      pose,
    ),
    UserInput: element({
      name: opt('string'),
      type: opt('string'),
      min: req('string'),
      max: req('string'),
      default: opt('string'),
    }),
  },
);
