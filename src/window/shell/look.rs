//! The look shared by every table: the graphics quality setting, the room's
//! and the table's materials made from the procedural textures at start-up,
//! and turning painted pixels into images the GPU samples.

use bevy::asset::RenderAssetUsages;
use bevy::image::{ImageAddressMode, ImageSampler, ImageSamplerDescriptor};
use bevy::math::Affine2;
use bevy::prelude::*;
use bevy::render::render_resource::{Extent3d, TextureDimension, TextureFormat};

use super::paint::Pixels;
use super::textures;

/// Makes the [`Look`] when every plugin is built (the asset stores exist)
/// and before anything runs: the first screen's furniture, entered before
/// any start-up system, dresses in it.
pub struct LookPlugin;

impl Plugin for LookPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<Graphics>();
    }

    fn finish(&self, app: &mut App) {
        let world = app.world_mut();
        if !world.contains_resource::<Assets<Image>>()
            || !world.contains_resource::<Assets<StandardMaterial>>()
        {
            return;
        }
        let graphics = *world.resource::<Graphics>();
        let started = std::time::Instant::now();
        let look = world.resource_scope(|world, mut images: Mut<Assets<Image>>| {
            let mut materials = world.resource_mut::<Assets<StandardMaterial>>();
            make_materials(graphics, &mut images, &mut materials)
        });
        world.insert_resource(look);
        info!(
            "the room's textures made in {:.0} ms ({graphics:?} graphics)",
            started.elapsed().as_secs_f64() * 1e3
        );
    }
}

pub use crate::settings::Graphics;

impl Graphics {
    /// Whether the key light casts shadows.
    pub fn key_shadows(self) -> bool {
        self != Graphics::Low
    }
    /// Whether the hanging lamp lights the table (and, at high, casts shadows).
    pub fn lamp(self) -> bool {
        self != Graphics::Low
    }
    /// Whether textures are drawn (plain colours at low).
    pub fn textures(self) -> bool {
        self != Graphics::Low
    }
}

/// An image of painted pixels; `repeat` tiles it (wood, floors, felt).
pub fn image(p: &Pixels, repeat: bool) -> Image {
    sampled(p, repeat, TextureFormat::Rgba8UnormSrgb)
}

/// Painted pixels as data, not colour (a normal map): no sRGB curve.
fn data_image(p: &Pixels) -> Image {
    sampled(p, true, TextureFormat::Rgba8Unorm)
}

fn sampled(p: &Pixels, repeat: bool, format: TextureFormat) -> Image {
    let mut image = Image::new(
        Extent3d {
            width: p.width,
            height: p.height,
            depth_or_array_layers: 1,
        },
        TextureDimension::D2,
        p.data.clone(),
        format,
        RenderAssetUsages::RENDER_WORLD,
    );
    let mode = if repeat {
        ImageAddressMode::Repeat
    } else {
        ImageAddressMode::ClampToEdge
    };
    image.sampler = ImageSampler::Descriptor(ImageSamplerDescriptor {
        address_mode_u: mode,
        address_mode_v: mode,
        ..ImageSamplerDescriptor::linear()
    });
    image
}

/// The mean colour of painted pixels: what a material shows when textures
/// are off (the low setting).
pub fn mean_colour(p: &Pixels) -> Color {
    let mut sum = [0u64; 3];
    let n = (p.width * p.height).max(1) as u64;
    for px in p.data.chunks(4) {
        for c in 0..3 {
            sum[c] += px[c] as u64;
        }
    }
    Color::srgb_u8((sum[0] / n) as u8, (sum[1] / n) as u8, (sum[2] / n) as u8)
}

/// A material of a texture, tiled its times across the mesh's UVs; at the
/// low setting its mean colour only, the texture not painted.
pub fn textured(
    graphics: Graphics,
    images: &mut Assets<Image>,
    materials: &mut Assets<StandardMaterial>,
    spec: &TextureSpec,
) -> Handle<StandardMaterial> {
    if !graphics.textures() {
        return materials.add(StandardMaterial {
            base_color: low_colour(spec),
            perceptual_roughness: spec.roughness,
            ..default()
        });
    }
    let pixels = spec.pixels();
    let normal_map_texture = (spec.bumps > 0.0)
        .then(|| images.add(data_image(&textures::normal_map(&pixels, spec.bumps))));
    materials.add(StandardMaterial {
        base_color_texture: Some(images.add(image(&pixels, true))),
        normal_map_texture,
        uv_transform: Affine2::from_scale(spec.tiles),
        perceptual_roughness: spec.roughness,
        ..default()
    })
}

/// The room's and the table's materials, made once at start-up.
#[derive(Resource, Clone, Debug)]
pub struct Look {
    pub table_top: Handle<StandardMaterial>,
    pub table_legs: Handle<StandardMaterial>,
    pub floor: Handle<StandardMaterial>,
    pub wall: Handle<StandardMaterial>,
    pub wainscot: Handle<StandardMaterial>,
    pub brass: Handle<StandardMaterial>,
    pub felt: Handle<StandardMaterial>,
}

/// Walnut for the table, dark-stained oak boards for the floor, pine boards
/// for the walls.
pub const WALNUT: ([u8; 4], [u8; 4]) = ([168, 112, 68, 255], [122, 78, 44, 255]);
pub const FLOOR_OAK: ([u8; 4], [u8; 4]) = ([78, 54, 38, 255], [44, 30, 20, 255]);
pub const WALL_PINE: ([u8; 4], [u8; 4]) = ([168, 124, 78, 255], [120, 82, 46, 255]);

/// A texture to make: its name (the key of its colour at the low setting),
/// how to paint it, how often it repeats across the mesh and the material's
/// roughness.
pub struct TextureSpec {
    pub name: String,
    paint: Box<dyn Fn() -> Pixels + Send + Sync>,
    pub tiles: Vec2,
    pub roughness: f32,
    /// The relief of a normal map made from the texture (0: none; the
    /// meshes it dresses need tangents).
    pub bumps: f32,
}

impl TextureSpec {
    pub fn new(
        name: impl Into<String>,
        paint: impl Fn() -> Pixels + Send + Sync + 'static,
        tiles: Vec2,
        roughness: f32,
    ) -> Self {
        Self {
            name: name.into(),
            paint: Box::new(paint),
            tiles,
            roughness,
            bumps: 0.0,
        }
    }

    /// With a normal map of this relief (see [`textures::normal_map`]).
    pub fn with_bumps(self, bumps: f32) -> Self {
        Self { bumps, ..self }
    }

    /// Paints the texture (the same pixels every time: a texture is a
    /// function of its seed).
    pub fn pixels(&self) -> Pixels {
        (self.paint)()
    }
}

/// The mean colour of every texture, what the low setting shows instead of
/// painting it (a texture painted only for its mean colour cost about 1.4 s
/// of CPU). Checked against the painted textures by a test
/// (`the_low_colours_are_the_textures_means`): a generator that changes
/// fails it, and the test prints the new table.
pub const LOW_COLOURS: &[(&str, [u8; 3])] = &[
    ("table top", [145, 95, 56]),
    ("table legs", [147, 97, 57]),
    ("floor", [61, 42, 29]),
    ("wall", [145, 104, 63]),
    ("wainscot", [77, 46, 27]),
    ("brass", [195, 149, 73]),
    ("felt", [33, 89, 56]),
    ("lawmen", [203, 160, 104]),
    ("outlaws", [42, 36, 33]),
    ("townsfolk", [129, 129, 136]),
    ("pine", [218, 181, 124]),
    ("beech", [129, 125, 120]),
    ("staves", [128, 83, 47]),
    ("iron", [70, 70, 74]),
    ("saguaro", [69, 119, 57]),
    ("fence", [153, 124, 87]),
    ("brush", [181, 150, 95]),
    ("gallows", [85, 59, 38]),
    ("rope", [187, 167, 115]),
    ("block", [184, 143, 93]),
    ("Sheriff print", [154, 129, 80]),
    ("Bank print", [101, 120, 101]),
    ("Saloon print", [138, 75, 59]),
    ("General Store print", [115, 98, 129]),
    ("Town Hall print", [166, 160, 139]),
    ("Undertaker print", [76, 75, 78]),
];

/// The colour the low setting gives a texture: its entry in [`LOW_COLOURS`]
/// or, for one missing there, its painted mean.
pub fn low_colour(spec: &TextureSpec) -> Color {
    match LOW_COLOURS.iter().find(|(name, _)| *name == spec.name) {
        Some((_, [r, g, b])) => Color::srgb_u8(*r, *g, *b),
        None => mean_colour(&spec.pixels()),
    }
}

/// The room's and the table's textures, in [`Look`]'s order.
pub fn room_textures() -> Vec<TextureSpec> {
    vec![
        // One slab, no seams: nothing on the playing surface that reads as
        // a line in the town.
        TextureSpec::new(
            "table top",
            move || textures::planed_wood(11, WALNUT.0, WALNUT.1),
            Vec2::new(2.0, 1.0),
            0.55,
        ),
        TextureSpec::new(
            "table legs",
            move || textures::wood(12, WALNUT.0, WALNUT.1),
            Vec2::ONE,
            0.6,
        ),
        TextureSpec::new(
            "floor",
            move || textures::planks(13, 8, FLOOR_OAK.0, FLOOR_OAK.1),
            Vec2::splat(3.0),
            0.8,
        )
        .with_bumps(6.0),
        TextureSpec::new(
            "wall",
            move || textures::planks(14, 10, WALL_PINE.0, WALL_PINE.1),
            Vec2::new(4.0, 1.0),
            0.85,
        )
        .with_bumps(6.0),
        TextureSpec::new(
            "wainscot",
            move || textures::planks(15, 4, [98, 60, 36, 255], [60, 36, 20, 255]),
            Vec2::new(4.0, 1.0),
            0.7,
        )
        .with_bumps(6.0),
        TextureSpec::new(
            "brass",
            move || textures::metal(16, [196, 150, 74, 255]),
            Vec2::ONE,
            0.35,
        ),
        TextureSpec::new(
            "felt",
            move || textures::felt(17, [34, 92, 58, 255]),
            Vec2::splat(4.0),
            0.95,
        ),
    ]
}

fn make_materials(
    g: Graphics,
    images: &mut Assets<Image>,
    materials: &mut Assets<StandardMaterial>,
) -> Look {
    let mut made = room_textures()
        .into_iter()
        .map(|t| textured(g, images, materials, &t));
    let mut next = || made.next().expect("a texture for every material");
    Look {
        table_top: next(),
        table_legs: next(),
        floor: next(),
        wall: next(),
        wainscot: next(),
        brass: next(),
        felt: next(),
    }
}
