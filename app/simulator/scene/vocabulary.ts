/**
 * The scene element vocabulary: which attributes each element takes (with their quantity and whether they are
 * required) and which children it may contain. Modelled on SimRobot's 3-D `.ros3` vocabulary (2025 code-release
 * flavour, which the B-Human scenes use); mesh appearances and the ODE-only attributes are not supported.
 */
import type { Quantity } from './units';

/** How an attribute value is interpreted. */
export type AttributeKind = Quantity | 'string' | 'bool' | 'color' | 'href';

/** One attribute: its kind and whether it must be present. */
export interface AttributeSpec {
  kind: AttributeKind;
  required?: boolean;
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
}

/** Element classes, as in SimRobot's scene description. */
export const CLASSES = {
  joint: ['Hinge', 'Slider'],
  mass: ['Mass', 'BoxMass', 'SphereMass', 'CapsuleMass', 'CylinderMass', 'InertiaMatrixMass'],
  geometry: ['Geometry', 'BoxGeometry', 'SphereGeometry', 'CylinderGeometry', 'CapsuleGeometry'],
  appearance: ['Appearance', 'BoxAppearance', 'SphereAppearance', 'CylinderAppearance', 'CapsuleAppearance'],
  light: ['DirLight', 'PointLight', 'SpotLight'],
  motor: ['ServoMotor', 'VelocityMotor', 'PT2Motor'],
  internalSensor: ['Gyroscope', 'Accelerometer', 'CollisionSensor'],
  externalSensor: ['Camera', 'ObjectSegmentedImageSensor', 'SingleDistanceSensor', 'DepthImageSensor'],
} as const;

const req = (kind: AttributeKind): AttributeSpec => ({ kind, required: true });
const opt = (kind: AttributeKind): AttributeSpec => ({ kind });
const pose = ['Translation', 'Rotation'] as const;
const named = { name: opt('string') };
const color = { diffuseColor: req('color'), ambientColor: opt('color'), specularColor: opt('color') };

function element(attributes: Record<string, AttributeSpec>, repeatable: readonly string[] = [], optional: readonly string[] = [], required: readonly (readonly string[])[] = []): ElementSpec {
  return { attributes, repeatable, optional, required };
}

const bodyLike = ['Set', ...CLASSES.joint, ...CLASSES.appearance, ...CLASSES.geometry, ...CLASSES.externalSensor, 'UserInput'];
const massSizes = { name: opt('string'), value: req('mass') };
const geomColor = { name: opt('string'), color: opt('color') };
const geometryChildren = ['Set', ...CLASSES.geometry];
const appearanceChildren = ['Set', ...CLASSES.appearance];
const sensorSize = { name: opt('string'), imageWidth: req('number'), imageHeight: req('number'), angleX: req('angle'), angleY: req('angle') };
const lightColors = { diffuseColor: opt('color'), ambientColor: opt('color'), specularColor: opt('color') };
const pointLight = { ...lightColors, x: opt('length'), y: opt('length'), z: opt('length'), constantAttenuation: opt('number'), linearAttenuation: opt('number'), quadraticAttenuation: opt('number') };

/** Every element type a scene may contain. */
export const VOCABULARY: Record<string, ElementSpec> = {
  Simulation: element({}, ['Include', 'Set', 'Scene', 'Compound', 'Body', 'Material', 'Surface', ...CLASSES.joint, ...CLASSES.mass, ...CLASSES.geometry, ...CLASSES.appearance, ...CLASSES.light, ...CLASSES.motor, ...CLASSES.internalSensor, ...CLASSES.externalSensor]),
  Include: element({ href: req('href') }),
  Set: element({ name: req('string'), value: req('string') }),
  Scene: element(
    { name: opt('string'), controller: opt('string'), color: opt('color'), stepLength: opt('time'), gravity: opt('acceleration'), background: opt('string') },
    ['Set', 'Body', 'Compound', ...CLASSES.light, 'UserInput'],
  ),
  Compound: element(named, ['Set', ...CLASSES.joint, 'Compound', 'Body', ...CLASSES.appearance, ...CLASSES.geometry, ...CLASSES.externalSensor, 'UserInput'], pose),
  Body: element(named, [...bodyLike, ...CLASSES.mass, ...CLASSES.internalSensor], pose, [CLASSES.mass]),
  Translation: element({ x: opt('length'), y: opt('length'), z: opt('length') }),
  Rotation: element({ x: opt('angle'), y: opt('angle'), z: opt('angle') }),
  Hinge: element(named, ['Set'], [...pose, 'Body', 'Axis'], [['Body'], ['Axis']]),
  Slider: element(named, ['Set'], [...pose, 'Body', 'Axis'], [['Body'], ['Axis']]),
  Axis: element({ x: opt('number'), y: opt('number'), z: opt('number') }, ['Set'], [...CLASSES.motor, 'Deflection']),
  Deflection: element({ min: req('string'), max: req('string'), init: opt('string') }),
  ServoMotor: element({ maxVelocity: req('string'), maxForce: req('force'), p: req('number'), i: opt('number'), d: opt('number'), delay: opt('time') }),
  VelocityMotor: element({ maxVelocity: req('string'), maxForce: req('force') }),
  PT2Motor: element({ T: req('number'), D: req('number'), K: req('number'), V: req('number'), F: req('number') }),
  Mass: element(named, ['Set', ...CLASSES.mass], pose),
  BoxMass: element({ ...massSizes, width: req('length'), height: req('length'), depth: req('length') }, ['Set', ...CLASSES.mass], pose),
  SphereMass: element({ ...massSizes, radius: req('length') }, ['Set', ...CLASSES.mass], pose),
  CapsuleMass: element({ ...massSizes, radius: req('length'), height: req('length') }, ['Set', ...CLASSES.mass], pose),
  CylinderMass: element({ ...massSizes, radius: req('length'), height: req('length') }, ['Set', ...CLASSES.mass], pose),
  InertiaMatrixMass: element(
    { ...massSizes, x: opt('length'), y: opt('length'), z: opt('length'), ixx: req('inertia'), ixy: opt('inertia'), ixz: opt('inertia'), iyy: req('inertia'), iyz: opt('inertia'), izz: req('inertia') },
    ['Set', ...CLASSES.mass],
    pose,
  ),
  Geometry: element(named, geometryChildren, [...pose, 'Material']),
  BoxGeometry: element({ ...geomColor, width: req('length'), height: req('length'), depth: req('length') }, geometryChildren, [...pose, 'Material']),
  SphereGeometry: element({ ...geomColor, radius: req('length') }, geometryChildren, [...pose, 'Material']),
  CylinderGeometry: element({ ...geomColor, radius: req('length'), height: req('length') }, geometryChildren, [...pose, 'Material']),
  CapsuleGeometry: element({ ...geomColor, radius: req('length'), height: req('length') }, geometryChildren, [...pose, 'Material']),
  Material: element(named, ['Set', 'Friction', 'RollingFriction', 'Restitution']),
  Friction: element({ material: req('string'), value: req('number') }),
  RollingFriction: element({ material: req('string'), value: req('number') }),
  // Not in SimRobot (MuJoCo/ODE derive bounciness elsewhere): Pitchside's physics needs a coefficient of restitution.
  Restitution: element({ material: req('string'), value: req('number') }),
  Appearance: element(named, appearanceChildren, pose),
  BoxAppearance: element({ name: opt('string'), width: req('length'), height: req('length'), depth: req('length') }, appearanceChildren, [...pose, 'Surface'], [['Surface']]),
  SphereAppearance: element({ name: opt('string'), radius: req('length') }, appearanceChildren, [...pose, 'Surface'], [['Surface']]),
  CylinderAppearance: element({ name: opt('string'), radius: req('length'), height: req('length') }, appearanceChildren, [...pose, 'Surface'], [['Surface']]),
  CapsuleAppearance: element({ name: opt('string'), radius: req('length'), height: req('length') }, appearanceChildren, [...pose, 'Surface'], [['Surface']]),
  Surface: element({ name: opt('string'), ...color, emissionColor: opt('color'), shininess: opt('number'), diffuseTexture: opt('string') }),
  DirLight: element({ ...lightColors, x: opt('number'), y: opt('number'), z: opt('number') }),
  PointLight: element(pointLight),
  SpotLight: element({ ...pointLight, dirX: opt('number'), dirY: opt('number'), dirZ: opt('number'), cutoff: opt('number') }),
  Gyroscope: element(named, [], pose),
  Accelerometer: element(named, [], pose),
  CollisionSensor: element(named, CLASSES.geometry, pose),
  Camera: element(sensorSize, [], pose),
  ObjectSegmentedImageSensor: element(sensorSize, [], pose),
  SingleDistanceSensor: element({ name: opt('string'), min: opt('length'), max: opt('length') }, [], pose),
  DepthImageSensor: element({ ...sensorSize, imageHeight: opt('number'), min: opt('length'), max: opt('length'), projection: opt('string') }, [], pose),
  UserInput: element({ name: opt('string'), type: opt('string'), min: req('string'), max: req('string'), default: opt('string') }),
};
